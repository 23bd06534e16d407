// What browsers read from the relay's store: history pages, and streams that follow the store by seq.
import type { ServerResponse } from 'node:http';
import { encodeCursor } from '#contract/console/pages.ts';
import type { EventHistoryPage, RelayStatus } from '#contract/console/relay.ts';
import type { HistoryFilter, RelayRepository } from '../storage/relay-repository.ts';
import { readLearnerSummary } from './learner-summary.ts';
import { SseConnection } from './sse-connection.ts';

export function createEventReads(
  repo: RelayRepository,
  options: { heartbeatMs: number; status: () => RelayStatus },
) {
  return {
    /** One learner's stored history summed up (the learner page). */
    learnerSummary: (learnerId: string) => readLearnerSummary(repo, learnerId),
    /** Stored events, newest first: the ones before `cursor` (a seq) that match the filter. */
    async history(
      filter: HistoryFilter,
      cursor: number | undefined,
      limit: number,
    ): Promise<EventHistoryPage> {
      const rows = await repo.history(filter, cursor, limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          seq: row.seq,
          receivedAt: new Date(row.received_at).toISOString(),
          event: JSON.parse(row.payload) as unknown,
        })),
        pageInfo: {
          hasMore,
          ...(hasMore ? { cursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
        },
      };
    },
    /**
     * A stream of the store to `res` from after `resumeFrom` (a seq), or live when there is none; an id
     * from a wiped store restarts from its end. The caller writes the response head, then starts it.
     */
    async openStream(
      res: ServerResponse,
      stream: { kinds: readonly string[] | null; resumeFrom: string | undefined },
    ): Promise<SseConnection> {
      const maxSeq = await repo.maxSeq();
      const afterSeq =
        stream.resumeFrom === undefined ? maxSeq : Math.min(Number(stream.resumeFrom), maxSeq);
      return new SseConnection(res, {
        repo,
        kinds: stream.kinds,
        afterSeq,
        heartbeatMs: options.heartbeatMs,
        status: options.status,
      });
    },
  };
}
