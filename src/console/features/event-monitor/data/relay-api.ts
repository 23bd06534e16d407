// The console server's event relay, as the monitor uses it (docs/console-api.md): per-kind status and
// history pages. Event payloads are validated one by one by the store, so one odd event never fails
// a whole page.
import { z } from 'zod';
import { apiClient } from '../../../lib/api.ts';
import { historyQuery, type MonitorFilter } from '../filters/event-filters.ts';

export const KindStatus = z.object({
  kind: z.string(),
  state: z.enum(['starting', 'ok', 'throttled', 'retrying', 'error', 'stopped']),
  /** Highest event timestamp fully processed (epoch ms). */
  checkpoint: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  lagMs: z.number().nullable(),
  error: z.string().nullable(),
  errorAt: z.number().nullable(),
  throttledUntil: z.number().nullable(),
  nextPollAt: z.number().nullable(),
  storedTotal: z.number(),
});
export type KindStatus = z.infer<typeof KindStatus>;

export const RelayStatus = z.object({
  kinds: z.array(KindStatus),
  /** No kind polls the feed before this time (epoch ms): the feed answered 429. */
  throttledUntil: z.number().nullable(),
});
export type RelayStatus = z.infer<typeof RelayStatus>;

const HistoryPage = z.object({
  items: z.array(z.object({ seq: z.int().positive(), receivedAt: z.string(), event: z.unknown() })),
  pageInfo: z.object({ hasMore: z.boolean(), cursor: z.string().optional() }),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HISTORY_PAGE_SIZE = 500;
export const STREAM_PATH = '/api/events/stream';

export const fetchRelayStatus = (signal?: AbortSignal) =>
  apiClient.request('/api/events/status', { schema: RelayStatus, signal });

export const fetchHistoryPage = (
  filter: MonitorFilter,
  cursor: string | null,
  signal?: AbortSignal,
  limit = HISTORY_PAGE_SIZE,
) =>
  apiClient.request('/api/events', {
    query: { ...historyQuery(filter), cursor: cursor ?? undefined, limit },
    schema: HistoryPage,
    signal,
  });

/** The SSE stream (every kind: one stream per browser serves every tab and every filter). */
export function streamUrl(afterSeq: number): string {
  return `${STREAM_PATH}?lastEventId=${afterSeq}`;
}
