// The console server's event relay, as the monitor uses it (src/contract/console/relay.ts): per-kind
// status and history pages. Event payloads are validated one by one by the store, so one odd event
// never fails a whole page.
import { getRelayStatus, listEvents, streamEvents } from '#contract/console/relay.ts';
import { callConsole, consoleUrl } from '../../../lib/console-api.ts';
import { historyQuery, type MonitorFilter } from '../filters/event-filters.ts';

export const HISTORY_PAGE_SIZE = 500;

export const fetchRelayStatus = (signal?: AbortSignal) => callConsole(getRelayStatus, { signal });

export const fetchHistoryPage = (
  filter: MonitorFilter,
  cursor: string | null,
  signal?: AbortSignal,
  limit = HISTORY_PAGE_SIZE,
) =>
  callConsole(listEvents, {
    query: { ...historyQuery(filter), cursor: cursor ?? undefined, limit },
    signal,
  });

/** The SSE stream (every kind: one stream per browser serves every tab and every filter). */
export function streamUrl(afterSeq: number): string {
  return consoleUrl(streamEvents, { query: { lastEventId: String(afterSeq) } });
}
