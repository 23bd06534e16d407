// What a server that does not poll the feed shows: each kind's state as the leader last stored it
// (refreshed every second and whenever the leader announces a change) and the leader's name.
import type { Logger } from 'pino';
import type { KindStatus, PollerState } from '#contract/console/relay.ts';
import type { Coordination } from '../storage/coordination.ts';
import type { KindStateRow, RelayRepository } from '../storage/relay-repository.ts';

function statusFromRow(row: Partial<KindStateRow> & { kind: string }, now: number): KindStatus {
  return {
    kind: row.kind,
    state: (row.state as PollerState | null) ?? 'starting',
    checkpoint: row.checkpoint ?? null,
    lastSuccessAt: row.last_success_at ?? null,
    lagMs: row.last_success_at == null ? null : Math.max(0, now - row.last_success_at),
    error: row.last_error ?? null,
    errorAt: row.last_error_at ?? null,
    throttledUntil: row.throttled_until ?? null,
    nextPollAt: row.next_poll_at ?? null,
    storedTotal: row.stored_total ?? 0,
  };
}

function maxOrNull(values: (number | null)[]): number | null {
  const numbers = values.filter((value): value is number => value !== null);
  return numbers.length ? Math.max(...numbers) : null;
}

export function createFollowerView(deps: {
  repo: RelayRepository;
  coordination: Coordination;
  kinds: readonly string[];
  now: () => number;
  log: Logger;
}) {
  const { repo, coordination, now } = deps;
  let kinds = deps.kinds.map((kind) => statusFromRow({ kind }, now()));
  let leader: string | null = null;

  const withLag = (kind: KindStatus): KindStatus => ({
    ...kind,
    lagMs: kind.lastSuccessAt === null ? null : Math.max(0, now() - kind.lastSuccessAt),
  });

  return {
    /** Reads the stored state, unless `leading()` says this server polls (then its own view counts). */
    async refresh(leading: () => boolean): Promise<void> {
      if (leading()) return;
      const [rows, name] = await Promise.all([repo.kindStates(), coordination.leaderName()]);
      if (leading()) return;
      const byKind = new Map(rows.map((row) => [row.kind, row]));
      kinds = deps.kinds.map((kind) => statusFromRow(byKind.get(kind) ?? { kind }, now()));
      leader = name;
    },
    /** Like refresh; a failure (the database is unavailable) keeps the last view and is logged. */
    refreshQuietly(leading: () => boolean): Promise<void> {
      return this.refresh(leading).catch((error: unknown) =>
        deps.log.debug({ err: error }, 'relay status refresh failed'),
      );
    },
    kinds: (): KindStatus[] => kinds.map(withLag),
    throttledUntil: (): number | null =>
      maxOrNull(kinds.map((kind) => kind.throttledUntil).filter((t) => t! > now())),
    get leader(): string | null {
      return leader;
    },
  };
}
