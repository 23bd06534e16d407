// Topic titles for the event views. Events name their course or learning path but give a topic only by
// id; the console server looks titles up (GET /api/names, from a cache shared by every user and server).
// Lookups asked within one tick are sent together, up to NAMES_PER_CALL ids per call, so a screen of
// rows costs one request; react-query keeps each answer for the session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NAMES_PER_CALL, resolveNames, type ResolvedName } from '#contract/console/names.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { callConsole } from '../../../lib/console-api.ts';

interface Wanted {
  topicId: string;
  courseId: string | null;
  settle(name: ResolvedName): void;
  fail(error: unknown): void;
}

let waiting: Wanted[] = [];

function unavailable(topicId: string, message: string): ResolvedName {
  return {
    type: 'topic',
    id: topicId,
    state: 'unavailable',
    title: null,
    courseId: null,
    checkedAt: null,
    message,
  };
}

async function send(batch: Wanted[]): Promise<void> {
  const refs = [
    ...new Map(
      batch.map((w) => [w.topicId, w.courseId ? `${w.topicId}:${w.courseId}` : w.topicId]),
    ).values(),
  ];
  try {
    const answer = await callConsole(resolveNames, { query: { topics: refs.join(',') } });
    const byId = new Map(answer.names.map((name) => [name.id, name]));
    for (const wanted of batch)
      wanted.settle(
        byId.get(wanted.topicId) ?? unavailable(wanted.topicId, 'The console server did not say.'),
      );
  } catch (error) {
    for (const wanted of batch) wanted.fail(error);
  }
}

function flush(): void {
  const all = waiting;
  waiting = [];
  for (let start = 0; start < all.length; start += NAMES_PER_CALL)
    void send(all.slice(start, start + NAMES_PER_CALL));
}

/** A topic's title; lookups of the same tick share a request. */
export function lookupTopic(topicId: string, courseId: string | null): Promise<ResolvedName> {
  return new Promise((settle, fail) => {
    if (waiting.length === 0) queueMicrotask(flush);
    waiting.push({
      topicId: topicId.toLowerCase(),
      courseId: courseId?.toLowerCase() ?? null,
      settle,
      fail,
    });
  });
}

export const topicNameQuery = (topicId: string, courseId: string | null) =>
  queryOptions({
    queryKey: ['names', 'topic', topicId.toLowerCase()],
    queryFn: () => lookupTopic(topicId, courseId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The event's topic, looked up when it names one. */
export function useTopicName(event: LearnerEvent | null) {
  const topicId = event?.topicId ?? null;
  return useQuery({
    ...topicNameQuery(topicId ?? '', event?.course?.id ?? null),
    enabled: topicId !== null,
  });
}

/** The title when it is known (rows, exports): else undefined, and the id stands. */
export const knownTitle = (name: ResolvedName | undefined): string | undefined =>
  name?.state === 'found' && name.title !== null ? name.title : undefined;

/** Titles of the topics of these events, for an export: one request per NAMES_PER_CALL topics. */
export async function topicTitles(
  events: readonly LearnerEvent[],
): Promise<Map<string, ResolvedName>> {
  const refs = new Map<string, string | null>();
  for (const event of events)
    if (event.topicId) refs.set(event.topicId.toLowerCase(), event.course?.id ?? null);
  const names = await Promise.all([...refs].map(([id, courseId]) => lookupTopic(id, courseId)));
  return new Map(names.map((name) => [name.id, name]));
}

/** A sentence for a topic whose title is not shown. */
export function topicNameProblem(name: ResolvedName): string {
  if (name.state === 'missing')
    return 'Unknown topic: the instance has no topic with this id (deleted, or never there).';
  return `Title not available: ${name.message ?? 'the instance did not say.'}`;
}
