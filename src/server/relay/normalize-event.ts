// Reduces a feed event to what the relay indexes. The spec leaves event fields "not shown", so this reads
// leniently: an id and a timestamp are needed, everything else is optional.
import { createHash } from 'node:crypto';
import type { NormalizedEvent } from '../storage/relay-repository.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** PostgreSQL's text cannot hold U+0000: the indexed copies go without it (the payload keeps it, escaped). */
const text = (value: string): string => value.replaceAll('\u0000', '');

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && text(value)
    ? text(value)
    : typeof value === 'number'
      ? String(value)
      : null;

function timestampOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Returns null for an event without a usable timestamp (it cannot be placed against a checkpoint). */
export function normalizeEvent(kind: string, raw: unknown): NormalizedEvent | null {
  if (!isObject(raw)) return null;
  const timestamp = timestampOf(raw.timestamp);
  if (timestamp === null) return null;
  const payload = JSON.stringify(raw);
  const learner = isObject(raw.learner) ? raw.learner : {};
  const name = [learner.firstName, learner.lastName].filter((part) => typeof part === 'string');
  return {
    // An event without an id still gets a stable one, so re-reads stay idempotent.
    eventId: idOf(raw.id) ?? `sha256:${createHash('sha256').update(payload).digest('hex')}`,
    kind,
    timestamp,
    learnerId: idOf(learner.id ?? raw.learnerId),
    learnerEmail: typeof learner.email === 'string' ? text(learner.email).toLowerCase() : null,
    learnerName: name.length ? text(name.join(' ')).toLowerCase() : null,
    courseId: idOf(isObject(raw.course) ? raw.course.id : raw.courseId),
    learningPathId: idOf(isObject(raw.learningPath) ? raw.learningPath.id : raw.learningPathId),
    payload,
  };
}
