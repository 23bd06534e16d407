// Turns scheduled items into plan steps: at most 100 items per update request (spec 8), and a
// re-read that binds new ids right after every request that creates entities.
import { LIMITS } from '#contract/index.ts';
import type { Round } from './schedule-structure.ts';
import { refString } from './refs.ts';
import type { NewEntity, PlanItem, PlanStep, Ref } from './types.ts';

export class StepBuilder {
  readonly steps: PlanStep[] = [];

  /** The course later re-reads look at; set it before scheduling another course's steps. */
  constructor(public course: Ref) {}

  private nextId(): string {
    return `s${this.steps.length + 1}`;
  }

  /** Items that create nothing, in order (merged per entity), in requests of at most 100. */
  updates(phase: string, items: readonly PlanItem[]): void {
    for (const chunk of chunks(mergeItems(items)))
      this.steps.push({
        kind: 'update',
        id: this.nextId(),
        phase,
        description: describe(chunk),
        course: this.course,
        items: chunk,
        creates: [],
      });
  }

  /** Creations, each request followed by a re-read that binds what it created. */
  creates(phase: string, items: readonly PlanItem[], entities: readonly NewEntity[]): void {
    const byKey = new Map(entities.map((entity) => [entity.key, entity]));
    for (const chunk of chunks(items)) {
      const created = chunk.map((item) => byKey.get(item.nodeId)!);
      this.steps.push({
        kind: 'update',
        id: this.nextId(),
        phase,
        description: describe(chunk),
        course: this.course,
        items: chunk,
        creates: created,
      });
      this.reread(phase, created);
    }
  }

  reread(phase: string, bind: NewEntity[]): void {
    this.steps.push({
      kind: 'reread',
      id: this.nextId(),
      phase,
      description: `Re-read the structure and bind ${bind.length} new ${plural(bind.length, 'id')}`,
      course: this.course,
      bind,
    });
  }

  rounds(phase: string, rounds: readonly Round[]): void {
    for (const round of rounds) {
      this.updates(phase, round.moves);
      this.creates(phase, round.creates, round.entities);
    }
  }
}

function chunks<T>(items: readonly T[], size: number = LIMITS.itemsPerUpdate): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One item per entity and request: later items absorb earlier ones for the same entity and keep the
 * later position (displayOrder and move items must keep their relative order; field items need none).
 */
export function mergeItems(items: readonly PlanItem[]): PlanItem[] {
  const last = new Map<string, number>();
  const merged = new Map<string, PlanItem>();
  items.forEach((item, index) => {
    if (!item.target) {
      last.set(`new:${index}`, index);
      merged.set(`new:${index}`, item);
      return;
    }
    const key = `${item.array}:${refString(item.target)}`;
    const before = merged.get(key);
    merged.set(
      key,
      before
        ? {
            ...item,
            fields: { ...before.fields, ...item.fields },
            ...((item.parent ?? before.parent) && { parent: item.parent ?? before.parent }),
            purpose: item.purpose === 'fields' ? before.purpose : item.purpose,
          }
        : item,
    );
    last.set(key, index);
  });
  return [...merged.keys()]
    .sort((a, b) => last.get(a)! - last.get(b)!)
    .map((key) => merged.get(key)!);
}

const ARRAY_LABELS = {
  courseGroups: ['course group', 'course groups'],
  courses: ['course', 'courses'],
  sections: ['section', 'sections'],
  lessons: ['lesson', 'lessons'],
  topics: ['topic', 'topics'],
} as const;
const VERBS = { fields: 'update', move: 'move', order: 'reorder', create: 'create' } as const;

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

function describe(items: readonly PlanItem[]): string {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = `${VERBS[item.purpose]}|${item.array}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const parts = [...counts].map(([key, n]) => {
    const [verb, array] = key.split('|') as [string, keyof typeof ARRAY_LABELS];
    return `${verb} ${n} ${ARRAY_LABELS[array][n === 1 ? 0 : 1]}`;
  });
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
