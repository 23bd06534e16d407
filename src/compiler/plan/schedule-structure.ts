// Schedules the structural part of a plan: new sections, lessons and topics, moves across parents
// and section order. Creation needs the parent's server id, and the API appends new and moved-in
// children at the end of their parent, so each parent's appended children are sent in draft order,
// alternating moves and creations in rounds ("moves 0, creates 0, moves 1, creates 1, ...") so that
// each lands after the one before it whatever order the server applies a request's items in.
import type { TopicType } from '#contract/index.ts';
import { lessonPayload, topicPayload } from '../draft/to-attributes.ts';
import type { LessonNode, SectionNode, TopicNode, TreeNode } from '../draft/schema.ts';
import type { EntityLevel, NewEntity, PlanItem, Ref } from './types.ts';
import { refString } from './refs.ts';
import { analyseOrder } from './order.ts';

export interface Existing {
  ref: Ref;
  /** refString of the parent the entity has now (for a section: its course). */
  parent: string;
  /** Index among that parent's current children. */
  index: number;
}

export interface StructureInput {
  course: Ref;
  sections: readonly SectionNode[];
  /** microCourse: the implicit lesson holding the topics. */
  rootLesson?: { key: string; ref: Ref; topics: readonly TopicNode[] };
  existing(node: TreeNode): Existing | undefined;
  /** refStrings of the course's sections as they are before the plan runs. */
  currentSectionOrder: readonly string[];
}

export interface Round {
  moves: PlanItem[];
  creates: PlanItem[];
  entities: NewEntity[];
}

export interface Misplaced {
  nodeId: string;
  kind: 'lesson' | 'topic';
}

export interface StructureSchedule {
  /** Moves into parents that already exist and come first in their parent's appended run. */
  earlyMoves: PlanItem[];
  sectionCreates: Round;
  /** displayOrder items, in ascending order, for sections from the first one out of place. */
  sectionOrder: PlanItem[];
  lessonRounds: Round[];
  topicRounds: Round[];
  misplaced: Misplaced[];
}

interface Container<C extends TreeNode> {
  key: string;
  ref: Ref;
  isNew: boolean;
  children: readonly C[];
}

const emptyRound = (): Round => ({ moves: [], creates: [], entities: [] });

export function scheduleStructure(input: StructureInput): StructureSchedule {
  const schedule: StructureSchedule = {
    earlyMoves: [],
    sectionCreates: emptyRound(),
    sectionOrder: [],
    lessonRounds: [],
    topicRounds: [],
    misplaced: [],
  };
  const refOf = (node: TreeNode): Ref => input.existing(node)?.ref ?? { key: node.clientId };

  // Sections: new ones are appended in draft order; displayOrder then fixes the whole order.
  const currentAfterCreates = [...input.currentSectionOrder];
  for (const section of input.sections) {
    if (input.existing(section)) continue;
    schedule.sectionCreates.creates.push({
      array: 'sections',
      nodeId: section.clientId,
      parent: { field: 'courseId', ref: input.course },
      fields: {
        title: section.title,
        ...(section.releaseDate && { releaseDate: section.releaseDate }),
      },
      purpose: 'create',
    });
    schedule.sectionCreates.entities.push(entity(section, 'section', input.course));
    currentAfterCreates.push(refString({ key: section.clientId }));
  }
  const desired = input.sections.map((s) => refString(refOf(s)));
  const firstOff = desired.findIndex((ref, i) => currentAfterCreates[i] !== ref);
  if (firstOff >= 0)
    input.sections.slice(firstOff).forEach((section, offset) =>
      schedule.sectionOrder.push({
        array: 'sections',
        nodeId: section.clientId,
        target: refOf(section),
        fields: { displayOrder: firstOff + offset },
        purpose: 'order',
      }),
    );

  const lessonParents: Container<LessonNode>[] = input.sections.map((section) => ({
    key: section.clientId,
    ref: refOf(section),
    isNew: !input.existing(section),
    children: section.lessons,
  }));
  schedule.lessonRounds = scheduleLevel(input, lessonParents, 'lesson', schedule);

  const topicParents: Container<TopicNode>[] = input.rootLesson
    ? [{ ...input.rootLesson, isNew: false, children: input.rootLesson.topics }]
    : input.sections.flatMap((section) =>
        section.lessons.map((lesson) => ({
          key: lesson.clientId,
          ref: refOf(lesson),
          isNew: !input.existing(lesson),
          children: lesson.topics,
        })),
      );
  schedule.topicRounds = scheduleLevel(input, topicParents, 'topic', schedule);
  return schedule;
}

function scheduleLevel<C extends LessonNode | TopicNode>(
  input: StructureInput,
  parents: readonly Container<C>[],
  level: 'lesson' | 'topic',
  schedule: StructureSchedule,
): Round[] {
  const rounds: Round[] = [];
  const round = (r: number) => (rounds[r] ??= emptyRound());
  const array = level === 'lesson' ? 'lessons' : 'topics';
  const field = level === 'lesson' ? 'sectionId' : 'lessonId';

  for (const parent of parents) {
    const parentRef = refString(parent.ref);
    const children = parent.children.map((child) => {
      const existing = input.existing(child);
      return {
        key: child.clientId,
        child,
        existing,
        stayIndex: existing && existing.parent === parentRef ? existing.index : undefined,
      };
    });
    const { misplaced, tail } = analyseOrder(children);
    for (const nodeId of misplaced) schedule.misplaced.push({ nodeId, kind: level });

    // Runs of the tail alternate between moves and creations; each run takes the next slot.
    const byKey = new Map(children.map((c) => [c.key, c]));
    let slot = -1; // even slot 2r: moves of round r; odd slot 2r+1: creations of round r
    let previousIsMove: boolean | undefined;
    for (const key of tail) {
      const { child, existing } = byKey.get(key)!;
      const isMove = existing !== undefined;
      if (isMove !== previousIsMove) {
        slot = slot < 0 ? (isMove ? 0 : 1) : slot + 1;
        previousIsMove = isMove;
      }
      const r = Math.floor(slot / 2);
      if (isMove) {
        const item: PlanItem = {
          array,
          nodeId: key,
          target: existing.ref,
          parent: { field, ref: parent.ref },
          fields: {},
          purpose: 'move',
        };
        if (r === 0 && !parent.isNew) schedule.earlyMoves.push(item);
        else round(r).moves.push(item);
      } else {
        const fields =
          level === 'lesson'
            ? (({ topics: _topics, ...rest }) => rest)(lessonPayload(child as LessonNode))
            : topicPayload(child as TopicNode);
        round(r).creates.push({
          array,
          nodeId: key,
          parent: { field, ref: parent.ref },
          fields,
          purpose: 'create',
        });
        round(r).entities.push(entity(child, level, parent.ref));
      }
    }
  }
  return rounds;
}

function entity(node: TreeNode, level: EntityLevel, parent: Ref): NewEntity {
  return {
    key: node.clientId,
    level,
    parent,
    title: node.title,
    ...(node.kind === 'topic' && { type: node.type as TopicType }),
  };
}
