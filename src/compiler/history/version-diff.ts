// What changed between two versions of a course, by server id (ids are stable across versions): a
// node whose parent changed moved, one whose title changed was renamed, and one that stayed in its
// parent but now sits elsewhere among the siblings that stayed with it was reordered (the fewest such
// nodes: those off a longest run kept in order). Added and removed nodes are the ids on one side only.
// Fields of the course and its group, of each node and of each completion criterion are compared by
// value. Pure: the console and the console server use it alike.
import type { CourseStructure } from '#contract/index.ts';
import type {
  CriterionChange,
  DiffNodeKind,
  FieldChange,
  NodeChange,
  ParentRef,
  VersionCounts,
  VersionDiff,
} from '#contract/console/history.ts';
import { longestIncreasing } from '../plan/order.ts';
import type { Baseline } from '../update/baseline.ts';
import { sameValue } from '../update/rebase.ts';

type Fields = Record<string, unknown>;

/** One section, lesson or topic of a version, with where it sits. */
export interface PlacedNode {
  id: string;
  kind: DiffNodeKind;
  title: string;
  parent: ParentRef;
  /** Position among its parent's children. */
  index: number;
  depth: number;
  /** Its fields but the title, the ids that place it and its children. */
  fields: Fields;
  children: string[];
}

export interface PlacedOutline {
  /** Every node by id, in document order. */
  nodes: Map<string, PlacedNode>;
  /** The sections, in order. */
  roots: string[];
}

/** Record keys that place a node rather than describe it. */
const PLACEMENT = new Set([
  'id',
  'courseId',
  'sectionId',
  'lessonId',
  'displayOrder',
  'title',
  'lessons',
  'topics',
]);

// A plain loop: placing a 2,000-node course calls it 4,000 times (entries/filter/fromEntries allocated
// three arrays per node and were a third of a comparison's time).
function describe(record: object): Fields {
  const out: Fields = {};
  for (const key in record) if (!PLACEMENT.has(key)) out[key] = (record as Fields)[key];
  return out;
}

export function placeOutline(structure: CourseStructure): PlacedOutline {
  const nodes = new Map<string, PlacedNode>();
  const course: ParentRef = { id: structure.courseId, kind: 'course', title: structure.title };
  structure.sections.forEach((section, s) => {
    const sectionRef: ParentRef = { id: section.id, kind: 'section', title: section.title };
    nodes.set(section.id, {
      id: section.id,
      kind: 'section',
      title: section.title,
      parent: course,
      index: s,
      depth: 0,
      fields: describe(section),
      children: section.lessons.map((lesson) => lesson.id),
    });
    section.lessons.forEach((lesson, l) => {
      const lessonRef: ParentRef = { id: lesson.id, kind: 'lesson', title: lesson.title };
      nodes.set(lesson.id, {
        id: lesson.id,
        kind: 'lesson',
        title: lesson.title,
        parent: sectionRef,
        index: l,
        depth: 1,
        fields: describe(lesson),
        children: lesson.topics.map((topic) => topic.id),
      });
      lesson.topics.forEach((topic, t) =>
        nodes.set(topic.id, {
          id: topic.id,
          kind: 'topic',
          title: topic.title,
          parent: lessonRef,
          index: t,
          depth: 2,
          fields: describe(topic),
          children: [],
        }),
      );
    });
  });
  return { nodes, roots: structure.sections.map((section) => section.id) };
}

/** Fields that say nothing about the course itself (ids, counters, timestamps of the record). */
const GROUP_IGNORED = new Set(['id', 'displayCourseId', 'courseCount', 'createdAt', 'updatedAt']);
const COURSE_IGNORED = new Set(['id', 'courseGroupId', 'createdAt', 'updatedAt']);

function fieldChanges(
  before: Fields,
  after: Fields,
  scope: FieldChange['scope'],
  ignored: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: string) => {
    if (ignored.has(field) || sameValue(before[field], after[field])) return;
    changes.push({
      field,
      scope,
      ...(before[field] !== undefined && { before: before[field] }),
      ...(after[field] !== undefined && { after: after[field] }),
    });
  };
  // The fields of either side, each once, without building a set per node.
  for (const field in before) compare(field);
  for (const field in after) if (!(field in before)) compare(field);
  return changes;
}

/**
 * The ids of `ids` (in their later order) that are off one longest subsequence whose earlier order
 * is increasing: the fewest nodes whose moves explain the new order.
 */
export function outOfOrder(ids: readonly string[], earlierIndex: (id: string) => number): string[] {
  const kept = new Set(longestIncreasing(ids.map(earlierIndex)));
  return ids.filter((_, i) => !kept.has(i));
}

/** Per parent kept in both versions, the children that stayed in it but changed place among them. */
function reorderedIds(before: PlacedOutline, after: PlacedOutline): Set<string> {
  const out = new Set<string>();
  const lists: (readonly string[])[] = [after.roots];
  for (const node of after.nodes.values()) if (node.children.length > 1) lists.push(node.children);
  for (const children of lists) {
    const stayed = children.filter((id) => {
      const was = before.nodes.get(id);
      return was !== undefined && was.parent.id === after.nodes.get(id)!.parent.id;
    });
    if (stayed.length < 2) continue;
    for (const id of outOfOrder(stayed, (child) => before.nodes.get(child)!.index)) out.add(id);
  }
  return out;
}

function criteriaChanges(
  before: CourseStructure['completionCriteria'],
  after: CourseStructure['completionCriteria'],
): CriterionChange[] {
  const earlier = new Map(before.map((criterion) => [criterion.id, criterion]));
  const later = new Map(after.map((criterion) => [criterion.id, criterion]));
  const changes: CriterionChange[] = [];
  for (const [id, criterion] of later) {
    const was = earlier.get(id);
    if (!was) changes.push({ id, change: 'added', before: null, after: criterion });
    else if (!sameValue(was, criterion))
      changes.push({ id, change: 'changed', before: was, after: criterion });
  }
  for (const [id, criterion] of earlier)
    if (!later.has(id)) changes.push({ id, change: 'removed', before: criterion, after: null });
  return changes;
}

const sizes = (outline: PlacedOutline) => {
  const count = { sections: 0, lessons: 0, topics: 0 };
  for (const node of outline.nodes.values()) count[`${node.kind}s`]++;
  return count;
};

/** Both outlines placed, for callers that also lay them side by side (compare-rows.ts). */
export interface PlacedVersions {
  before: PlacedOutline;
  after: PlacedOutline;
}

export function placeVersions(before: Baseline | null, after: Baseline): PlacedVersions {
  return {
    before: before ? placeOutline(before.structure) : { nodes: new Map(), roots: [] },
    after: placeOutline(after.structure),
  };
}

/**
 * What changed from `before` to `after` (null `before`: the course was created, everything is added).
 * Nodes in the later version's document order, then the removed ones in the earlier's.
 */
export function diffVersions(
  before: Baseline | null,
  after: Baseline,
  placed: PlacedVersions = placeVersions(before, after),
): VersionDiff {
  const course = before
    ? [
        ...fieldChanges(before.courseGroup, after.courseGroup, 'group', GROUP_IGNORED),
        ...fieldChanges(before.course, after.course, 'course', COURSE_IGNORED),
      ]
    : [];
  const reordered = reorderedIds(placed.before, placed.after);
  const nodes: NodeChange[] = [];
  const counts: VersionCounts = {
    ...sizes(placed.after),
    added: 0,
    removed: 0,
    moved: 0,
    reordered: 0,
    renamed: 0,
    changed: 0,
    courseFields: course.length,
    criteria: 0,
  };
  for (const node of placed.after.nodes.values()) {
    const was = placed.before.nodes.get(node.id);
    if (!was) {
      counts.added++;
      nodes.push({
        id: node.id,
        kind: node.kind,
        change: 'added',
        title: node.title,
        renamedFrom: null,
        movedFrom: null,
        movedTo: null,
        reordered: false,
        fields: [],
      });
      continue;
    }
    const moved = was.parent.id !== node.parent.id;
    const renamed = was.title !== node.title;
    const fields = fieldChanges(was.fields, node.fields, 'node');
    const isReordered = reordered.has(node.id);
    if (!moved && !renamed && fields.length === 0 && !isReordered) continue;
    if (moved) counts.moved++;
    if (renamed) counts.renamed++;
    if (fields.length > 0) counts.changed++;
    if (isReordered) counts.reordered++;
    nodes.push({
      id: node.id,
      kind: node.kind,
      change: 'kept',
      title: node.title,
      renamedFrom: renamed ? was.title : null,
      movedFrom: moved ? was.parent : null,
      movedTo: moved ? node.parent : null,
      reordered: isReordered,
      fields,
    });
  }
  for (const node of placed.before.nodes.values()) {
    if (placed.after.nodes.has(node.id)) continue;
    counts.removed++;
    nodes.push({
      id: node.id,
      kind: node.kind,
      change: 'removed',
      title: node.title,
      renamedFrom: null,
      movedFrom: null,
      movedTo: null,
      reordered: false,
      fields: [],
    });
  }
  const criteria = criteriaChanges(
    before?.structure.completionCriteria ?? [],
    after.structure.completionCriteria,
  );
  counts.criteria = criteria.length;
  return { course, nodes, criteria, counts };
}

/** True when the diff records no change at all. */
export const isEmptyDiff = (diff: VersionDiff): boolean =>
  diff.course.length === 0 && diff.nodes.length === 0 && diff.criteria.length === 0;
