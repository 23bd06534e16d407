// Work that runs on one server of the cluster only, while that server holds a lease
// (storage/coordination.ts). The holder's own component (the relay's leader election) starts every
// registered duty when it has taken the lease and is ready, and stops them, waiting for any run in
// flight, before it lets the lease go or as soon as it has lost it. A duty never runs twice at once on
// one server; across servers, the lease keeps it on one, and a duty that must not repeat an effect
// after a failover still claims its work in the database (as the alert evaluator does).
import type { Logger } from 'pino';

export interface LeaderDuty {
  /** Names the duty in log lines. */
  readonly name: string;
  /** This server took the lease: begin. Must not throw; failures are the duty's own to report. */
  start(): void;
  /** The lease is lost or given up: stop, and resolve once nothing of the duty runs any more. */
  stop(): Promise<void>;
}

/** The duties of one lease on this server, started and stopped together. */
export function createLeaderDuties() {
  const duties = new Set<LeaderDuty>();
  let leading = false;
  return {
    /** Registers a duty (started at once when this server leads already); returns its removal. */
    add(duty: LeaderDuty): () => Promise<void> {
      duties.add(duty);
      if (leading) duty.start();
      return async () => {
        if (!duties.delete(duty)) return;
        if (leading) await duty.stop();
      };
    },
    start(): void {
      if (leading) return;
      leading = true;
      for (const duty of duties) duty.start();
    },
    async stop(): Promise<void> {
      if (!leading) return;
      leading = false;
      await Promise.all([...duties].map((duty) => duty.stop()));
    },
    get leading(): boolean {
      return leading;
    },
  };
}
export type LeaderDuties = ReturnType<typeof createLeaderDuties>;

/**
 * A duty that runs `run` every `everyMs` while leading: the first run at once, the next `everyMs` after
 * the previous one ended (runs never overlap). A failed run is logged and the schedule goes on.
 */
export function periodicDuty(options: {
  name: string;
  everyMs: () => number;
  run: () => Promise<void>;
  log: Logger;
}): LeaderDuty & { runNow(): Promise<void> } {
  const { name, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let active = false;
  let running: Promise<void> | null = null;

  function tick(): Promise<void> {
    if (running) return running;
    running = options
      .run()
      .catch((error: unknown) => log.error({ err: error, duty: name }, `${name} failed`))
      .finally(() => {
        running = null;
        if (active) schedule();
      });
    return running;
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), options.everyMs());
    timer.unref();
  }

  return {
    name,
    start() {
      if (active) return;
      active = true;
      void tick();
    },
    async stop() {
      active = false;
      clearTimeout(timer);
      await running;
    },
    /** Runs once now (or joins the run in flight), whether leading or not: for tests and tools. */
    runNow: tick,
  };
}
