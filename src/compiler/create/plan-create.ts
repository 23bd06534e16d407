// planCreate(drafts): `POST /content/course/create` requests of at most 100 courses (spec 4.1).
// A course over the 100-children limit is sent with its first 100 nodes in document order, then
// completed by update steps: a re-read binds the created nodes, and the remaining ones are appended
// to their parents exactly as a plan for an existing course would (every remaining node comes after
// its created siblings in document order, so appending keeps the draft's order). Validation of the
// drafts themselves is compile.ts's part.
import { LIMITS, countChildren, type CourseAttributes } from '#contract/index.ts';
import {
  isTreeDraft,
  type CourseDraft,
  type SectionNode,
  type TopicNode,
  type TreeNode,
} from '../draft/schema.ts';
import { courseAttributesOf } from '../draft/to-attributes.ts';
import { allNodes, childrenOf } from '../draft/tree-ops.ts';
import { randomId, type IdGenerator } from '../ids.ts';
import type { Issue } from '../issues.ts';
import { StepBuilder } from '../plan/assemble.ts';
import { PHASES } from '../plan/phases.ts';
import { refString } from '../plan/refs.ts';
import { scheduleStructure, type Existing } from '../plan/schedule-structure.ts';
import { bindingKeys, type CompileResult, type NewEntity, type Ref } from '../plan/types.ts';

export interface CompileCreateOptions {
  planId?: string;
  ids?: IdGenerator;
  /** Re-read every created course to bind all node ids (courses that are split always are). */
  bindNodes?: boolean;
}

/** The create plan, and the drafts it refuses (a saved course is updated, not created). */
export function planCreate(
  drafts: readonly CourseDraft[],
  options: CompileCreateOptions = {},
): CompileResult {
  const issues: Issue[] = [];
  for (const draft of drafts)
    if (draft.serverIds)
      issues.push({
        nodeId: draft.clientId,
        message: 'The course already exists; use an update plan',
        severity: 'error',
        code: 'rule',
      });
  const builder = new StepBuilder({ key: '' });
  const parts = drafts.map((draft) => firstPart(draft));

  for (let i = 0; i < drafts.length; i += LIMITS.coursesPerCreate) {
    const batch = drafts.slice(i, i + LIMITS.coursesPerCreate);
    builder.steps.push({
      kind: 'create',
      id: `s${builder.steps.length + 1}`,
      phase: 'Create',
      description: `Create ${batch.length} course${batch.length === 1 ? '' : 's'}`,
      body: { courseAttributes: parts.slice(i, i + batch.length).map((p) => p.attributes) },
      drafts: batch.map((draft) => draft.clientId),
    });
  }

  drafts.forEach((draft, i) => {
    const part = parts[i]!;
    if (!part.split && !options.bindNodes) return;
    builder.course = { key: bindingKeys.course(draft.clientId) };
    builder.reread('Bind', createdEntities(draft, part.created));
    if (part.split) followUp(builder, draft, part.created);
  });

  return {
    plan: { id: options.planId ?? (options.ids ?? randomId)(), steps: builder.steps, knownIds: [] },
    issues,
  };
}

interface FirstPart {
  attributes: CourseAttributes;
  split: boolean;
  /** Client ids of the tree nodes the create request makes. */
  created: Set<string>;
}

/** The course with its first 100 children in document order (all of them when it fits). */
function firstPart(draft: CourseDraft): FirstPart {
  const full = courseAttributesOf(draft);
  const nodes = isTreeDraft(draft) ? allNodes(draft) : [];
  if (countChildren(full as unknown as Record<string, unknown>) <= LIMITS.childrenPerCourse)
    return { attributes: full, split: false, created: new Set(nodes.map((n) => n.clientId)) };
  const created = new Set(nodes.slice(0, LIMITS.childrenPerCourse).map((n) => n.clientId));
  const keep = <N extends TreeNode>(list: readonly N[]) =>
    list.filter((n) => created.has(n.clientId));
  let pruned: CourseDraft;
  if (draft.kind === 'courseGroup')
    pruned = {
      ...draft,
      sections: keep(draft.sections).map((section) => ({
        ...section,
        lessons: keep(section.lessons).map((lesson) => ({
          ...lesson,
          topics: keep(lesson.topics),
        })),
      })),
    };
  else if (draft.kind === 'microCourse') pruned = { ...draft, topics: keep(draft.topics) };
  else pruned = draft;
  return { attributes: courseAttributesOf(pruned), split: true, created };
}

/** What a create request makes for one course, in document order (parents before children). */
function createdEntities(draft: CourseDraft, created: ReadonlySet<string>): NewEntity[] {
  const course: Ref = { key: bindingKeys.course(draft.clientId) };
  const out: NewEntity[] = [];
  const add = (node: TreeNode, parent: Ref) => {
    if (!created.has(node.clientId)) return;
    out.push({
      key: node.clientId,
      level: node.kind,
      parent,
      title: node.title,
      ...(node.kind === 'topic' && { type: node.type }),
    });
    for (const child of childrenOf(node)) add(child, { key: node.clientId });
  };
  if (draft.kind === 'courseGroup') {
    for (const section of draft.sections) add(section, course);
    return out;
  }
  // The other kinds hold their topics in one implicit section and lesson named after the course.
  const section = bindingKeys.implicitSection(draft.clientId);
  const lesson = bindingKeys.implicitLesson(draft.clientId);
  out.push({ key: section, level: 'section', parent: course, title: draft.attributes.title });
  out.push({
    key: lesson,
    level: 'lesson',
    parent: { key: section },
    title: draft.attributes.title,
  });
  if (draft.kind === 'microCourse') for (const topic of draft.topics) add(topic, { key: lesson });
  else
    out.push({
      key: bindingKeys.implicitTopic(draft.clientId),
      level: 'topic',
      parent: { key: lesson },
      type: draft.kind === 'shareableContentObject' ? 'shareableContentObject' : draft.kind,
    });
  return out;
}

/** Update steps that append the nodes the create request could not carry. */
function followUp(builder: StepBuilder, draft: CourseDraft, created: ReadonlySet<string>): void {
  if (!isTreeDraft(draft)) return;
  const course: Ref = { key: bindingKeys.course(draft.clientId) };
  const lessonKey = bindingKeys.implicitLesson(draft.clientId);
  const position = new Map<string, Existing>();
  const note = (nodes: readonly TreeNode[], parent: Ref) =>
    nodes.forEach((node, index) => {
      if (!created.has(node.clientId)) return;
      position.set(node.clientId, {
        ref: { key: node.clientId },
        parent: refString(parent),
        index,
      });
      note(childrenOf(node), { key: node.clientId });
    });
  if (draft.kind === 'courseGroup') note(draft.sections, course);
  else note(draft.topics, { key: lessonKey });

  const schedule = scheduleStructure({
    course,
    sections: draft.kind === 'courseGroup' ? draft.sections : [],
    ...(draft.kind === 'microCourse' && {
      rootLesson: { key: lessonKey, ref: { key: lessonKey }, topics: draft.topics as TopicNode[] },
    }),
    existing: (node) => position.get(node.clientId),
    currentSectionOrder:
      draft.kind === 'courseGroup'
        ? (draft.sections as SectionNode[])
            .filter((s) => created.has(s.clientId))
            .map((s) => refString({ key: s.clientId }))
        : [],
  });
  builder.creates(
    PHASES.sections,
    schedule.sectionCreates.creates,
    schedule.sectionCreates.entities,
  );
  builder.rounds(PHASES.lessons, schedule.lessonRounds);
  builder.rounds(PHASES.topics, schedule.topicRounds);
}
