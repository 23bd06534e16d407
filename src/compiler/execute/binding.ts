// Binding the ids of new entities after a re-read, without guessing.
//
// Why this is unambiguous: the API appends a new section, lesson or topic at the end of its parent,
// in request order (spec 4.2; sections by displayOrder, which new sections get past the end). A
// re-read follows every request that creates entities, so when it runs, every entity of the course
// is either known (it existed when the plan was compiled: `plan.knownIds`), bound by an earlier
// re-read, or created by the one request just before. Under each parent, the children that are
// neither known nor bound are therefore exactly that request's creations under that parent, in
// request order, and are paired with them by position. Anything else (a count that differs because
// someone else added a child meanwhile, a title or type that does not match) is a binding error,
// reported rather than guessed.
import type { CourseStructure } from '#contract/index.ts';
import { COMPILER_MESSAGES as M } from '../messages.ts';
import { refString, resolveRef } from '../plan/refs.ts';
import {
  refLabel,
  type Bindings,
  type EntityLevel,
  type NewEntity,
  type Ref,
} from '../plan/types.ts';

interface Child {
  id: string;
  title: string;
  type?: string;
}

interface Group {
  level: EntityLevel;
  parent: Ref;
  entities: NewEntity[];
}

const LEVELS: EntityLevel[] = ['section', 'lesson', 'topic'];

function groupsOf(entities: readonly NewEntity[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entity of entities) {
    const key = `${entity.level}|${refString(entity.parent)}`;
    let group = groups.get(key);
    if (!group)
      groups.set(key, (group = { level: entity.level, parent: entity.parent, entities: [] }));
    group.entities.push(entity);
  }
  // Parents before children: a lesson's section may be bound by this same re-read.
  return [...groups.values()].sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
}

function childrenIn(
  structure: CourseStructure,
  level: EntityLevel,
  parentId: string,
): Child[] | undefined {
  if (level === 'section') return parentId === structure.courseId ? structure.sections : undefined;
  for (const section of structure.sections) {
    if (level === 'lesson' && section.id === parentId) return section.lessons;
    if (level === 'topic')
      for (const lesson of section.lessons) if (lesson.id === parentId) return lesson.topics;
  }
  return undefined;
}

export type BindResult =
  { ok: true; produced: Record<string, string> } | { ok: false; nodeId: string; message: string };

export function bindNewEntities(
  structure: CourseStructure,
  entities: readonly NewEntity[],
  knownIds: ReadonlySet<string>,
  bindings: Bindings,
): BindResult {
  const produced: Record<string, string> = {};
  const taken = new Set(Object.values(bindings));
  for (const group of groupsOf(entities)) {
    const first = group.entities[0]!;
    const parentId = resolveRef(group.parent, { ...bindings, ...produced });
    if (parentId === undefined)
      return { ok: false, nodeId: first.key, message: M.missingParent(refLabel(group.parent)) };
    const fresh = (childrenIn(structure, group.level, parentId) ?? []).filter(
      (child) => !knownIds.has(child.id) && !taken.has(child.id),
    );
    if (fresh.length !== group.entities.length)
      return {
        ok: false,
        nodeId: first.key,
        message: M.bindingCount(`${parentId}`, group.entities.length, fresh.length),
      };
    for (const [i, entity] of group.entities.entries()) {
      const child = fresh[i]!;
      const titleOk = entity.title === undefined || entity.title === child.title;
      const typeOk = entity.type === undefined || entity.type === child.type;
      if (!titleOk || !typeOk)
        return {
          ok: false,
          nodeId: entity.key,
          message: M.bindingMismatch(describe(entity), describe(child)),
        };
      produced[entity.key] = child.id;
    }
  }
  return { ok: true, produced };
}

const describe = (item: { title?: string; type?: string }) =>
  `'${item.title ?? '?'}'${item.type ? ` (${item.type})` : ''}`;

/**
 * Whether a creating request that was sent but not confirmed took effect: 'applied' when every
 * parent shows exactly its new children, 'absent' when none does, else 'unclear'.
 */
export function creationState(
  structure: CourseStructure,
  creates: readonly NewEntity[],
  knownIds: ReadonlySet<string>,
  bindings: Bindings,
): 'applied' | 'absent' | 'unclear' {
  const taken = new Set(Object.values(bindings));
  let applied = 0;
  let absent = 0;
  const groups = groupsOf(creates);
  for (const group of groups) {
    const parentId = resolveRef(group.parent, bindings);
    if (parentId === undefined) return 'unclear';
    const fresh = (childrenIn(structure, group.level, parentId) ?? []).filter(
      (child) => !knownIds.has(child.id) && !taken.has(child.id),
    ).length;
    if (fresh === group.entities.length) applied++;
    else if (fresh === 0) absent++;
  }
  if (applied === groups.length) return 'applied';
  if (absent === groups.length) return 'absent';
  return 'unclear';
}
