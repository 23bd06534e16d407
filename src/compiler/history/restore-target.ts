// "Restore this version": the old version becomes the target draft of an ordinary update, planned
// from the course as it is now, so it goes through the editor's normal Apply and its conflict check.
// What the API cannot do is said, never faked:
//   - a node deleted since (outside the API, which cannot delete) comes back as a new node;
//   - a node added since cannot be deleted: a lesson is set aside in the "Unused" section and a topic
//     in its "Unused" lesson (the editor's convention, docs/decisions/unused-container.md), a section
//     is hidden (released on the "Unused" date), a micro-course's topic stays last;
//   - saved lessons and topics keep the order the API can make (normalizeOrder);
//   - fields update cannot change, the status and the group's archive state stay as they are now:
//     restoring content never publishes, unpublishes or archives (those are admin actions).
import { UPDATE_COURSE_STATUSES } from '#contract/index.ts';
import { newLesson, newSection } from '../draft/factory.ts';
import type { CourseDraft, NodeKind, SectionNode, TreeDraft, TreeNode } from '../draft/schema.ts';
import { isTreeDraft } from '../draft/schema.ts';
import { addNode, allNodes, childrenOf, findNode, locate } from '../draft/tree-ops.ts';
import { UNUSED_RELEASE_DATE, UNUSED_TITLE, isHiddenSection } from '../draft/unused.ts';
import { randomId, type IdGenerator } from '../ids.ts';
import { attributesFromBaseline, draftFromBaseline, type Baseline } from '../update/baseline.ts';
import { FIXED_COURSE_RULES, FIXED_GROUP_RULES, changedFields } from '../update/field-diff.ts';
import { normalizeOrder } from '../update/normalize-order.ts';
import { sameValue } from '../update/rebase.ts';

export type RestoreNote =
  /** Deleted since: comes back as a new node (new id). */
  | { kind: 'recreated'; level: NodeKind; title: string }
  /** Added since, cannot be deleted: moved to the "Unused" container. */
  | { kind: 'setAside'; level: NodeKind; title: string }
  /** A section added since: hidden from learners with what it holds. */
  | { kind: 'hidden'; level: 'section'; title: string }
  /** A micro-course topic added since: stays, last. */
  | { kind: 'kept'; level: NodeKind; title: string }
  /** A field that stays as it is now (`current`) instead of the version's value. */
  | { kind: 'field'; field: string; current: unknown; version: unknown }
  /** The API cannot put these children back in the version's order exactly. */
  | { kind: 'order'; level: NodeKind; parentTitle: string };

export interface RestoreTarget {
  draft: CourseDraft;
  notes: RestoreNote[];
}

/** Fields a restore leaves as they are now (besides those update cannot change at all). */
const KEPT_FIELDS = ['status', 'archived'] as const;

export function restoreTarget(
  version: Baseline,
  current: Baseline,
  ids: IdGenerator = randomId,
): RestoreTarget {
  if (version.course.id !== current.course.id)
    throw new Error('The version belongs to another course');
  const notes: RestoreNote[] = [];
  const now = draftFromBaseline(current, ids);
  let draft: CourseDraft = { ...draftFromBaseline(version, ids), serverIds: now.serverIds };
  draft = { ...draft, attributes: keptAttributes(version, current, notes) };
  if (!isTreeDraft(draft) || !isTreeDraft(now)) return { draft, notes };

  const inVersion = new Set(allNodes(draft).map((node) => node.serverId));
  let tree = recreateDeleted(draft, new Set(allNodes(now).map((node) => node.serverId)), notes);
  tree = keepAdded(tree, now, inVersion, ids, notes);
  const ordered = normalizeOrder(current, tree);
  noteOrder(tree, ordered, notes);
  return { draft: ordered, notes };
}

function keptAttributes(version: Baseline, current: Baseline, notes: RestoreNote[]) {
  const wanted = attributesFromBaseline(version.courseGroup, version.course);
  const present = attributesFromBaseline(current.courseGroup, current.course);
  const out: Record<string, unknown> = { ...wanted };
  const keep = (field: string) => {
    const [was, is] = [
      (wanted as Record<string, unknown>)[field],
      (present as Record<string, unknown>)[field],
    ];
    if (sameValue(was, is)) return;
    if (is === undefined) delete out[field];
    else out[field] = is;
    notes.push({ kind: 'field', field, current: is, version: was });
  };
  const fixed = [
    ...changedFields(wanted, current.course, FIXED_COURSE_RULES),
    ...changedFields(wanted, current.courseGroup, FIXED_GROUP_RULES),
  ];
  for (const field of [...fixed, ...KEPT_FIELDS]) keep(field);
  const status = out.status;
  if (typeof status === 'string' && !(UPDATE_COURSE_STATUSES as readonly string[]).includes(status))
    keep('status');
  return out as typeof wanted;
}

/** Nodes of the version the course no longer has lose their server id: applying creates them. */
function recreateDeleted(draft: TreeDraft, present: Set<string | undefined>, notes: RestoreNote[]) {
  const strip = <N extends TreeNode>(node: N): N => {
    let next: TreeNode = node;
    if (node.serverId !== undefined && !present.has(node.serverId)) {
      const { serverId: _gone, ...rest } = node;
      void _gone;
      next = rest as unknown as TreeNode;
      notes.push({ kind: 'recreated', level: node.kind, title: node.title ?? '' });
    }
    if (next.kind === 'section') return { ...next, lessons: next.lessons.map(strip) } as N;
    if (next.kind === 'lesson') return { ...next, topics: next.topics.map(strip) } as N;
    return next as N;
  };
  return (
    draft.kind === 'courseGroup'
      ? { ...draft, sections: draft.sections.map(strip) }
      : { ...draft, topics: draft.topics.map(strip) }
  ) as TreeDraft;
}

/** A node of the course now and its subtree, without what the version places elsewhere. */
function without(node: TreeNode, inVersion: Set<string | undefined>): TreeNode {
  if (node.kind === 'section')
    return {
      ...node,
      lessons: node.lessons
        .filter((lesson) => !inVersion.has(lesson.serverId))
        .map((lesson) => without(lesson, inVersion) as typeof lesson),
    };
  if (node.kind === 'lesson')
    return { ...node, topics: node.topics.filter((topic) => !inVersion.has(topic.serverId)) };
  return node;
}

/** Nodes added since the version, which the API cannot delete: set aside, hidden or kept last. */
function keepAdded(
  tree: TreeDraft,
  now: TreeDraft,
  inVersion: Set<string | undefined>,
  ids: IdGenerator,
  notes: RestoreNote[],
): TreeDraft {
  let out = tree;
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (inVersion.has(node.serverId)) {
        walk(childrenOf(node));
        continue;
      }
      // Added since, under a parent the version has: it must go somewhere (it comes with its subtree).
      const kept = without(node, inVersion);
      const title = node.title ?? '';
      if (out.kind === 'microCourse') {
        out = addNode(out, kept, { parentId: null, index: out.topics.length });
        notes.push({ kind: 'kept', level: node.kind, title });
      } else if (node.kind === 'section') {
        const hidden: SectionNode = { ...(kept as SectionNode), releaseDate: UNUSED_RELEASE_DATE };
        out = addNode(out, hidden, { parentId: null, index: childrenOf(out).length });
        notes.push({ kind: 'hidden', level: 'section', title });
      } else {
        const container = unusedContainer(out, node.kind, ids);
        out = container.draft;
        const parentId = container.id;
        out = addNode(out, kept, {
          parentId,
          index: childrenOf(findNode(out, parentId)!).length,
        });
        notes.push({ kind: 'setAside', level: node.kind, title });
      }
    }
  };
  walk(childrenOf(now));
  return out;
}

/** The "Unused" section (for a lesson) or its "Unused" lesson (for a topic), made when missing. */
function unusedContainer(
  draft: TreeDraft,
  kind: NodeKind,
  ids: IdGenerator,
): { draft: TreeDraft; id: string } {
  let next = draft;
  let section = (childrenOf(draft) as SectionNode[]).find(
    (node) => isHiddenSection(node) && node.title === UNUSED_TITLE,
  );
  if (!section) {
    section = { ...newSection(UNUSED_TITLE, ids), releaseDate: UNUSED_RELEASE_DATE };
    next = addNode(next, section, { parentId: null, index: childrenOf(next).length });
  }
  if (kind === 'lesson') return { draft: next, id: section.clientId };
  const lesson = section.lessons.find((node) => node.title === UNUSED_TITLE);
  if (lesson) return { draft: next, id: lesson.clientId };
  const created = newLesson(UNUSED_TITLE, ids);
  next = addNode(next, created, { parentId: section.clientId, index: section.lessons.length });
  return { draft: next, id: created.clientId };
}

/** Parents whose children normalizeOrder had to put in another order than the version's. */
function noteOrder(wanted: TreeDraft, made: TreeDraft, notes: RestoreNote[]) {
  const order = (node: TreeNode | TreeDraft) => childrenOf(node).map((child) => child.clientId);
  for (const node of [null, ...allNodes(wanted)]) {
    const owner = node ?? wanted;
    if (node?.kind === 'topic') continue;
    const other = node ? locate(made, node.clientId)?.node : made;
    if (!other || sameValue(order(owner), order(other))) continue;
    const first = childrenOf(owner)[0];
    if (!first) continue;
    notes.push({
      kind: 'order',
      level: first.kind,
      parentTitle: node?.title ?? wanted.attributes.title,
    });
  }
}
