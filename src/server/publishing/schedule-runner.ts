// Runs scheduled actions, each exactly once, on the server that holds the `schedules` lease
// (storage/coordination.ts). Every `checkMs` the leader claims the due actions one by one in the
// database (state 'running', its name and a fresh run token: storage/schedules-repository.ts) before it
// calls the instance, runs each through content-actions.ts, and settles it with the token. Before each
// write it notes the time on its claim, and stops if the claim was taken over or the lease lost.
// A run its server never settled (killed, or cut off) is finished by the leader once a write begun by
// the dead server can no longer be in flight (the upstream time limit plus a second): the status check
// re-reads the instance, so what had already taken effect is skipped, never sent twice. Times missed
// while every server was down are claimed at the first look and marked "ran late".
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ConsoleRole } from '#contract/console/access.ts';
import type { ScheduleAction } from '#contract/console/schedules.ts';
import type { Coordination, Leadership } from '../storage/coordination.ts';
import type { ScheduleRecord, SchedulesRepository } from '../storage/schedules-repository.ts';
import {
  RunAbandoned,
  afterResume,
  type ActionOutcome,
  type ContentActions,
} from './content-actions.ts';
import { scheduleTarget, scheduleTime } from './schedule-service.ts';

export interface ScheduleRunnerDeps {
  repo: SchedulesRepository;
  actions: ContentActions;
  coordination: Coordination;
  /** The console role an email holds now (a scheduler who is no longer an admin runs nothing). */
  roleOf: (email: string) => Promise<ConsoleRole | null>;
  now: () => number;
  log: Logger;
  config: { checkMs: number; lateAfterMs: number };
  /** How long a write may take before its caller gives up (the upstream time limit). */
  upstreamTimeoutMs: number;
  /**
   * Other unsettled publishing work the leader finishes at each look (approvals a stopped server left:
   * review-service.ts recover()). A failure is logged; the sweep goes on.
   */
  recoverAlso?: () => Promise<void>;
}

export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  const { repo, log, coordination } = deps;
  const server = coordination.serverName;
  let leadership: Leadership | null = null;
  let leading = false;
  /** Bumped by every change of leadership: a loop of an older term stops claiming. */
  let term = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** Actions this process is running: never resumed from under itself after a re-election. */
  const inFlight = new Set<string>();

  /** `resumedFrom`: the server that started this run and stopped before settling it. */
  async function execute(
    record: ScheduleRecord,
    token: string,
    myTerm: number,
    resumedFrom?: string | null,
  ): Promise<void> {
    inFlight.add(record.id);
    try {
      let outcome: ActionOutcome;
      try {
        outcome = await runOne(record, async () => {
          if (!leading || myTerm !== term) return false;
          return repo.touch(record.id, token, deps.now());
        });
      } catch (error) {
        if (!(error instanceof RunAbandoned)) throw error;
        log.warn(
          { schedule: record.id },
          'scheduled action: claim lost mid-run; left to the leader',
        );
        return;
      }
      if (resumedFrom !== undefined) outcome = afterResume(outcome, resumedFrom, 'run');
      const settled = await repo.settle(record.id, token, { ...outcome, finishedAt: deps.now() });
      if (!settled)
        log.warn(
          { schedule: record.id },
          'scheduled action: another server took over this run before it was settled here',
        );
      else log.info({ schedule: record.id, state: outcome.state }, 'scheduled action settled');
    } finally {
      inFlight.delete(record.id);
    }
  }

  async function runOne(
    record: ScheduleRecord,
    mayWrite: () => Promise<boolean>,
  ): Promise<ActionOutcome> {
    const role = await deps.roleOf(record.createdBy);
    if (role !== 'admin') {
      const outcome = `Not run: ${record.createdBy}, who scheduled it, is no longer an admin.`;
      return {
        state: 'skipped',
        outcome,
        results: [{ title: record.targetTitle, outcome: 'skipped', message: outcome }],
      };
    }
    const why = `scheduled for ${scheduleTime(record.runAt, record.timeZone)}`;
    return deps.actions.run({
      target: scheduleTarget(record),
      action: record.action as ScheduleAction,
      actor: { email: record.createdBy, role },
      why,
      mayWrite,
    });
  }

  /** Runs left unsettled, quiet long enough: taken over, then run again through the status check. */
  async function resumeUnsettled(myTerm: number): Promise<void> {
    const quietBefore = deps.now() - (deps.upstreamTimeoutMs + 1000);
    for (const record of await repo.unsettled(quietBefore)) {
      if (myTerm !== term || inFlight.has(record.id)) continue;
      const token = randomUUID();
      if (!(await repo.resume(record.id, record.runToken, { server, token, at: deps.now() })))
        continue;
      log.warn(
        { schedule: record.id, previous: record.runBy },
        'scheduled action: finishing a run its server never settled',
      );
      await execute({ ...record, resumed: true }, token, myTerm, record.runBy);
    }
  }

  async function sweep(myTerm: number): Promise<void> {
    await resumeUnsettled(myTerm);
    await deps.recoverAlso?.().catch((error: unknown) => {
      log.error({ err: error }, 'unsettled approvals: recovery failed');
    });
    while (leading && myTerm === term && !stopped) {
      const now = deps.now();
      const token = randomUUID();
      const claimed = await repo.claimDue(now, {
        server,
        token,
        lateBefore: now - deps.config.lateAfterMs,
      });
      if (!claimed) return;
      await execute(claimed, token, myTerm);
    }
  }

  function look(): void {
    clearTimeout(timer);
    if (stopped) return;
    if (leading && !running) {
      const myTerm = term;
      running = sweep(myTerm)
        .catch((error: unknown) => {
          // The database failed: a claimed row stays 'running' and is finished once it is quiet.
          log.error({ err: error }, 'scheduled actions: sweep failed');
        })
        .finally(() => {
          running = null;
        });
    }
    timer = setTimeout(look, deps.config.checkMs);
    timer.unref();
  }

  return {
    start(): void {
      stopped = false;
      leadership = coordination.campaign(
        {
          elected: () => {
            term++;
            leading = true;
            log.info({ server }, 'schedules lease taken: running scheduled actions');
            look();
          },
          deposed: () => {
            term++;
            leading = false;
            log.warn({ server }, 'schedules lease lost: no longer running scheduled actions');
          },
        },
        'schedules',
      );
      look();
    },
    /** Looks for due actions now (one was just scheduled or cancelled). */
    wake(): void {
      if (leading && !running) look();
    },
    /** Stops claiming, lets the action in progress settle, then gives the lease up. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      await leadership?.stop();
      leadership = null;
      leading = false;
    },
  };
}
export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;
