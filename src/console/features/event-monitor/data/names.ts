// Course, learning path and topic titles for the event views. Events carry a course's or learning path's
// title as it was when the event happened, and a topic by id only; the console server looks the current
// titles up (GET /api/names, from a cache shared by every user and server), and says when an item is gone.
// Lookups asked within one tick are sent together, up to NAMES_PER_CALL ids per call, so a screen of
// rows costs one request; react-query keeps each answer for the session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameType, ResolvedName } from '#contract/console/names.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { callConsole } from '../../../lib/console-api.ts';
import { resourceOf } from './event-model.ts';

interface Wanted {
  type: NameType;
  id: string;
  /** Topics: the course the event placed it in. */
  courseId: string | null;
  settle(name: ResolvedName): void;
  fail(error: unknown): void;
}

let waiting: Wanted[] = [];

function unavailable(type: NameType, id: string, message: string): ResolvedName {
  return { type, id, state: 'unavailable', title: null, courseId: null, checkedAt: null, message };
}

const keyOf = (type: NameType, id: string) => `${type}:${id}`;

type NamesContract = typeof import('#contract/console/names.ts');

/**
 * The endpoint (its query's checks and the answer's schema) is imported with the first lookup: rows
 * render before they ask for their titles, so a page's first content does not wait for this code.
 */
const namesContract = (): Promise<NamesContract> => import('#contract/console/names.ts');

async function send(resolveNames: NamesContract['resolveNames'], batch: Wanted[]): Promise<void> {
  const lists: Record<NameType, Map<string, string>> = {
    course: new Map(),
    learningPath: new Map(),
    topic: new Map(),
  };
  for (const w of batch)
    lists[w.type].set(w.id, w.type === 'topic' && w.courseId ? `${w.id}:${w.courseId}` : w.id);
  const param = (type: NameType) =>
    lists[type].size > 0 ? [...lists[type].values()].join(',') : undefined;
  try {
    const answer = await callConsole(resolveNames, {
      query: {
        courses: param('course'),
        learningPaths: param('learningPath'),
        topics: param('topic'),
      },
    });
    const byKey = new Map(answer.names.map((name) => [keyOf(name.type, name.id), name]));
    for (const w of batch)
      w.settle(
        byKey.get(keyOf(w.type, w.id)) ??
          unavailable(w.type, w.id, 'The console server did not say.'),
      );
  } catch (error) {
    for (const w of batch) w.fail(error);
  }
}

function flush(): void {
  const all = waiting;
  waiting = [];
  namesContract().then(
    ({ NAMES_PER_CALL, resolveNames }) => {
      for (let start = 0; start < all.length; start += NAMES_PER_CALL)
        void send(resolveNames, all.slice(start, start + NAMES_PER_CALL));
    },
    (error: unknown) => {
      for (const w of all) w.fail(error);
    },
  );
}

/** An item's current title; lookups of the same tick share a request. */
export function lookupName(
  type: NameType,
  id: string,
  courseId: string | null = null,
): Promise<ResolvedName> {
  return new Promise((settle, fail) => {
    if (waiting.length === 0) queueMicrotask(flush);
    waiting.push({
      type,
      id: id.toLowerCase(),
      courseId: courseId?.toLowerCase() ?? null,
      settle,
      fail,
    });
  });
}

export const nameQuery = (type: NameType, id: string, courseId: string | null = null) =>
  queryOptions({
    queryKey: ['names', type, id.toLowerCase()],
    queryFn: () => lookupName(type, id, courseId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The event's topic, looked up when it names one. */
export function useTopicName(event: LearnerEvent | null) {
  const topicId = event?.topicId ?? null;
  return useQuery({
    ...nameQuery('topic', topicId ?? '', event?.course?.id ?? null),
    enabled: topicId !== null,
  });
}

/** A course's or learning path's current title (null id: not asked). */
export function useResourceName(type: 'course' | 'learningPath', id: string | null) {
  return useQuery({ ...nameQuery(type, id ?? ''), enabled: id !== null });
}

/** The title when it is known (rows, exports): else undefined, and the id stands. */
export const knownTitle = (name: ResolvedName | undefined): string | undefined =>
  name?.state === 'found' && name.title !== null ? name.title : undefined;

/** Current titles of the courses, learning paths and topics of these events (exports, the timeline). */
export async function eventTitles(
  events: readonly LearnerEvent[],
): Promise<Map<string, ResolvedName>> {
  const asked = new Map<string, Promise<ResolvedName>>();
  const ask = (type: NameType, id: string, courseId: string | null = null) => {
    const key = keyOf(type, id.toLowerCase());
    if (!asked.has(key)) asked.set(key, lookupName(type, id, courseId));
  };
  for (const event of events) {
    const resource = resourceOf(event);
    ask(resource.type, resource.id);
    if (event.topicId) ask('topic', event.topicId, event.course?.id ?? null);
  }
  const names = await Promise.all(asked.values());
  return new Map(names.map((name) => [keyOf(name.type, name.id), name]));
}

/** The name of one item of an `eventTitles` answer. */
export const titleIn = (
  titles: ReadonlyMap<string, ResolvedName>,
  type: NameType,
  id: string | null,
): ResolvedName | undefined =>
  id === null ? undefined : titles.get(keyOf(type, id.toLowerCase()));

/** A sentence for an item whose title is not shown. */
export function nameProblem(name: ResolvedName): string {
  const noun = { course: 'course', learningPath: 'learning path', topic: 'topic' }[name.type];
  if (name.state === 'missing')
    return `Unknown ${noun}: the instance has no ${noun} with this id (deleted, or never there).`;
  return `Title not available: ${name.message ?? 'the instance did not say.'}`;
}
