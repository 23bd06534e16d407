// The relay's view of each kind: how far it has read (checkpoint), how stale it is (lag), and what went
// wrong last. Collapsed while everything is fine; opened by default when a kind is in trouble.
import type { KindStatus } from '#contract/console/relay.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { failingKinds, formatSeconds } from './connection-label.ts';
import { labelFor } from '../../../lib/labels/catalog.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels/events.ts';
import { useFeedState, useNow } from '../data/monitor-instance.ts';

const STATE_LABELS: Record<KindStatus['state'], string> = {
  starting: 'Starting',
  ok: 'OK',
  throttled: 'Throttled',
  retrying: 'Retrying',
  error: 'Error',
  stopped: 'Stopped',
};

const kindLabel = (kind: string) => labelFor(EVENT_KIND_LABELS, kind);

export function RelayStatusPanel() {
  const { status, skewMs } = useFeedState();
  const now = useNow(1000) + skewMs;
  if (!status) return null;
  const troubled =
    failingKinds(status.kinds).length + status.kinds.filter((k) => k.state === 'throttled').length;
  const summary =
    status.kinds.length === 0
      ? 'The relay follows no event kinds'
      : troubled === 0
        ? `All ${status.kinds.length} kinds OK`
        : `${troubled} of ${status.kinds.length} kinds need attention`;

  return (
    <details className="em-relay" open={troubled > 0 || undefined}>
      <summary>
        Relay status <span className="em-relay__summary">{summary}</span>
      </summary>
      <div className="em-relay__scroll">
        <table className="em-relay__table">
          <caption className="visually-hidden">Relay status per event kind</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">State</th>
              <th scope="col">Checkpoint</th>
              <th scope="col">Last success</th>
              <th scope="col">Lag</th>
              <th scope="col">Next poll</th>
              <th scope="col">Stored</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {status.kinds.map((kind) => (
              <tr key={kind.kind} data-state={kind.state}>
                <th scope="row">{kindLabel(kind.kind)}</th>
                <td>{STATE_LABELS[kind.state]}</td>
                <td>{kind.checkpoint === null ? '—' : formatDateTime(kind.checkpoint)}</td>
                <td>
                  {kind.lastSuccessAt === null ? 'never' : formatDateTime(kind.lastSuccessAt)}
                </td>
                <td>
                  {kind.lastSuccessAt === null ? '—' : formatSeconds(now - kind.lastSuccessAt)}
                </td>
                <td>{nextPoll(kind, status.throttledUntil, now)}</td>
                <td>{kind.storedTotal.toLocaleString('en')}</td>
                <td>
                  {kind.error ? (
                    <>
                      {kind.error}
                      {kind.errorAt ? (
                        <span className="em-muted"> ({formatDateTime(kind.errorAt)})</span>
                      ) : null}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function nextPoll(kind: KindStatus, throttledUntil: number | null, now: number): string {
  const at = Math.max(kind.nextPollAt ?? 0, throttledUntil ?? 0, kind.throttledUntil ?? 0);
  if (kind.state === 'stopped' || at === 0) return '—';
  return at <= now ? 'now' : `in ${formatSeconds(at - now)}`;
}
