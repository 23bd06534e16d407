// planUpdate(baseline, draft): the ordered plan of update requests that turns the course as read
// from the API into the draft. Phase 1 sends field changes and moves between saved parents; phase 2
// creates new sections; phase 3 sets section order and creates new lessons; phase 4 creates new
// topics. Every creating request is followed by a re-read that binds the new ids (see
// execute/binding.ts). Validation of the draft itself is compile.ts's part.
import {
  KIND_SPECIFIC_FIELDS,
  UPDATE_COURSE_STATUSES,
  type TopicRecord,
  type TopicType,
} from '#contract/index.ts';
import { isTreeDraft, type CourseDraft, type TreeNode } from '../draft/schema.ts';
import { topicPayload } from '../draft/to-attributes.ts';
import { allNodes } from '../draft/tree-ops.ts';
import { randomId, type IdGenerator } from '../ids.ts';
import type { Issue } from '../issues.ts';
import { COMPILER_MESSAGES as M } from '../messages.ts';
import { StepBuilder } from '../plan/assemble.ts';
import { PHASES } from '../plan/phases.ts';
import { refString } from '../plan/refs.ts';
import { scheduleStructure, type StructureSchedule } from '../plan/schedule-structure.ts';
import { bindingKeys, type CompileResult, type PlanItem, type Ref } from '../plan/types.ts';
import { implicitOf, type Baseline } from './baseline.ts';
import { checkRequests } from './check-requests.ts';
import {
  COURSE_RULES,
  FIXED_COURSE_RULES,
  FIXED_GROUP_RULES,
  GROUP_RULES,
  LESSON_RULES,
  SECTION_RULES,
  TOPIC_RULES,
  changedFields,
  diffFields,
  diffTopic,
} from './field-diff.ts';
import { indexStructure, indexedFor, type StructureIndex } from './structure-index.ts';

export interface CompileUpdateOptions {
  planId?: string;
  ids?: IdGenerator;
}

export interface UpdatePlan extends CompileResult {
  /** What the contract's update rules say about the requests the plan will send. */
  requestIssues: Issue[];
}

/** The update plan, edits the API cannot express (`unsupported`), and the check of its requests. */
export function planUpdate(
  baseline: Baseline,
  draft: CourseDraft,
  options: CompileUpdateOptions = {},
): UpdatePlan {
  const issues: Issue[] = [];
  let requestIssues: Issue[] = [];
  const unsupported = (nodeId: string, message: string, field?: string) =>
    issues.push({
      nodeId,
      message,
      severity: 'error',
      code: 'unsupported',
      ...(field && { field }),
    });
  const planId = options.planId ?? (options.ids ?? randomId)();
  const course: Ref = { id: baseline.course.id };
  const builder = new StepBuilder(course);
  const index = indexStructure(
    baseline.structure,
    draft.kind === 'microCourse' ? implicitOf(baseline.structure).lesson?.id : undefined,
  );
  const knownIds = [baseline.courseGroup.id, baseline.course.id, ...index.ids];
  const result = (): UpdatePlan => ({
    plan: { id: planId, steps: builder.steps, knownIds },
    issues,
    requestIssues,
  });

  const ids = draft.serverIds;
  if (
    !ids ||
    ids.courseId !== baseline.course.id ||
    ids.courseGroupId !== baseline.courseGroup.id
  ) {
    unsupported(draft.clientId, M.baselineMismatch);
    return result();
  }
  if (draft.kind !== baseline.course.kind) {
    unsupported(draft.clientId, M.cannotChangeKind, 'kind');
    return result();
  }

  const phase1 = attributeItems(baseline, draft, unsupported);
  let schedule: StructureSchedule | undefined;
  if (isTreeDraft(draft)) {
    checkNodes(draft, index, baseline, unsupported);
    const rootLesson =
      draft.kind === 'microCourse' ? implicitOf(baseline.structure).lesson : undefined;
    if (draft.kind === 'microCourse' && !rootLesson)
      unsupported(draft.clientId, M.implicitMissing('lesson'));
    schedule = scheduleStructure({
      course,
      sections: draft.kind === 'courseGroup' ? draft.sections : [],
      ...(draft.kind === 'microCourse' &&
        rootLesson && {
          rootLesson: {
            key: bindingKeys.implicitLesson(draft.clientId),
            ref: { id: rootLesson.id },
            topics: draft.topics,
          },
        }),
      existing: (node) => indexedFor(index, node),
      currentSectionOrder:
        draft.kind === 'courseGroup'
          ? baseline.structure.sections.map((s) => refString({ id: s.id }))
          : [],
    });
    for (const { nodeId, kind } of schedule.misplaced)
      unsupported(nodeId, M.cannotReorder(kind, kind === 'lesson' ? 'section' : 'lesson'));
    phase1.push(
      ...nodeFieldItems(draft.kind === 'courseGroup' ? allNodes(draft) : draft.topics, index),
    );
  } else phase1.push(...implicitTopicItems(baseline, draft, unsupported));

  if (schedule) {
    const sectionsCreated = schedule.sectionCreates.creates.length > 0;
    builder.updates(PHASES.fields, [
      ...phase1,
      ...(sectionsCreated ? [] : schedule.sectionOrder),
      ...schedule.earlyMoves,
    ]);
    builder.creates(
      PHASES.sections,
      schedule.sectionCreates.creates,
      schedule.sectionCreates.entities,
    );
    if (sectionsCreated) builder.updates(PHASES.lessons, schedule.sectionOrder);
    builder.rounds(PHASES.lessons, schedule.lessonRounds);
    builder.rounds(PHASES.topics, schedule.topicRounds);
  } else builder.updates(PHASES.fields, phase1);

  requestIssues = checkRequests(builder.steps, draft);
  return result();
}

type Report = (nodeId: string, message: string, field?: string) => void;

function attributeItems(baseline: Baseline, draft: CourseDraft, unsupported: Report): PlanItem[] {
  const { courseGroup, course } = baseline;
  const attributes = draft.attributes as Record<string, unknown>;
  const items: PlanItem[] = [];
  const groupFields = diffFields(attributes, courseGroup, GROUP_RULES);
  if (Object.keys(groupFields).length > 0)
    items.push({
      array: 'courseGroups',
      nodeId: draft.clientId,
      target: { id: courseGroup.id },
      fields: groupFields,
      purpose: 'fields',
    });
  const courseFields = diffFields(attributes, course, COURSE_RULES);
  const status = courseFields.status;
  if (status !== undefined && !(UPDATE_COURSE_STATUSES as readonly unknown[]).includes(status)) {
    unsupported(draft.clientId, M.cannotSetStatus(String(status)), 'status');
    delete courseFields.status;
  }
  if (Object.keys(courseFields).length > 0)
    items.push({
      array: 'courses',
      nodeId: draft.clientId,
      target: { id: course.id },
      fields: courseFields,
      purpose: 'fields',
    });
  for (const field of [
    ...changedFields(attributes, course, FIXED_COURSE_RULES),
    ...changedFields(attributes, courseGroup, FIXED_GROUP_RULES),
  ])
    unsupported(draft.clientId, M.cannotChangeField(field), field);
  return items;
}

/** Server ids the baseline does not know, and saved nodes the draft dropped (cannot be deleted). */
function checkNodes(
  draft: CourseDraft & { kind: 'courseGroup' | 'microCourse' },
  index: StructureIndex,
  baseline: Baseline,
  unsupported: Report,
): void {
  const nodes = draft.kind === 'courseGroup' ? allNodes(draft) : draft.topics;
  const drafted = new Map<string, TreeNode>();
  for (const node of nodes) {
    if (node.serverId === undefined) continue;
    if (!indexedFor(index, node))
      unsupported(node.clientId, M.unknownServerNode(node.kind, node.serverId));
    else drafted.set(node.serverId, node);
  }
  const report = (kind: string, id: string, title: string, parentId: string) => {
    if (drafted.has(id)) return;
    const parentNode = drafted.get(parentId);
    const parentGone =
      parentId !== baseline.course.id && !parentNode && !isImplicit(draft, parentId);
    if (!parentGone)
      unsupported(parentNode?.clientId ?? draft.clientId, M.cannotDelete(kind, title));
  };
  for (const [id, { record, parentId }] of index.sections)
    report('section', id, record.title, parentId);
  for (const [id, { record, parentId }] of index.lessons)
    report('lesson', id, record.title, parentId);
  for (const [id, { record, parentId }] of index.topics)
    report('topic', id, record.title, parentId);
}

const isImplicit = (draft: CourseDraft, id: string) => draft.serverIds?.implicitLessonId === id;

function nodeFieldItems(nodes: readonly TreeNode[], index: StructureIndex): PlanItem[] {
  const items: PlanItem[] = [];
  for (const node of nodes) {
    const saved = indexedFor(index, node);
    if (!saved) continue;
    const record = saved.record as unknown as Record<string, unknown>;
    let fields: Record<string, unknown>;
    let array: PlanItem['array'];
    if (node.kind === 'section') {
      fields = diffFields(node, record, SECTION_RULES);
      array = 'sections';
    } else if (node.kind === 'lesson') {
      fields = diffFields(node, record, LESSON_RULES);
      array = 'lessons';
    } else {
      fields = diffTopic(
        topicPayload(node) as Record<string, unknown> & { type: TopicType },
        record as Record<string, unknown> & { type: TopicType },
      );
      array = 'topics';
    }
    if (Object.keys(fields).length > 0)
      items.push({ array, nodeId: node.clientId, target: saved.ref, fields, purpose: 'fields' });
  }
  return items;
}

const ARTICLE_FIELDS = ['title', 'body', 'languages'];

/** article / video / SCORM: their kind-specific fields live on the one topic create made. */
function implicitTopicItems(
  baseline: Baseline,
  draft: CourseDraft,
  unsupported: Report,
): PlanItem[] {
  const topic: TopicRecord | undefined = implicitOf(baseline.structure).topic;
  if (!topic) {
    unsupported(draft.clientId, M.implicitMissing('topic'));
    return [];
  }
  let desired: Record<string, unknown>;
  let wires: readonly string[];
  if (draft.kind === 'article') {
    const variant = draft.articleVariant;
    desired = {
      title: variant.title || draft.attributes.title,
      body: variant.body,
      languages: [variant],
    };
    wires = ARTICLE_FIELDS;
  } else if (draft.kind === 'video') {
    desired = draft.video;
    wires = KIND_SPECIFIC_FIELDS.video;
  } else if (draft.kind === 'shareableContentObject') {
    desired = draft.scorm;
    wires = KIND_SPECIFIC_FIELDS.shareableContentObject;
  } else return [];
  const rules = TOPIC_RULES.filter((rule) => wires.includes(rule.wire));
  const fields = diffFields(desired, topic as unknown as Record<string, unknown>, rules);
  if (Object.keys(fields).length === 0) return [];
  return [
    {
      array: 'topics',
      nodeId: draft.clientId,
      target: { id: topic.id },
      fields,
      purpose: 'fields',
    },
  ];
}
