// Moves background jobs queued -> processing -> completed | failed, one phase per `jobDelayMs`, and
// runs the sandbox's other timed work (scheduled publishing) on the same ticks.
// "Fetching" is simulated: a URL whose host ends in `.invalid` (RFC 2606: never resolves) fails,
// and `jobFailureRate` fails a random share of the rest. The poll timer is unref'd so an idle
// sandbox never keeps the process alive.
import type { SandboxDeps } from '../../deps.ts';
import {
  createJobRepository,
  type JobRow,
  type JobUploadRow,
} from '../../storage/job-repository.ts';

const POLL_MS = 25;
const BATCH = 100;

/** Finishes one job of a given type; returns the failure reason, or null on success. */
export type JobHandler = (job: JobRow) => string | null;

export interface JobWorker {
  start(): void;
  stop(): void;
  /** Registers how jobs of another `type` (e.g. `bulkImport`) are finished. */
  handle(type: string, handler: JobHandler): void;
  /** Runs `task` on every tick (in the tick's transaction), starting with the tick at start. */
  every(task: (nowMs: number) => void): void;
  /** Runs one pass now (tests and benchmarks use it to avoid waiting on the timer). */
  tick(): void;
}

export function fetchFailure(
  url: string,
  failureRate: number,
  random = Math.random,
): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return `Could not fetch ${url}: invalid URL`;
  }
  if (host === 'invalid' || host.endsWith('.invalid'))
    return `Could not fetch ${url}: host not found`;
  if (failureRate > 0 && random() < failureRate)
    return `Could not fetch ${url}: simulated failure (jobFailureRate)`;
  return null;
}

export function createJobWorker(deps: SandboxDeps): JobWorker {
  const jobs = createJobRepository(deps.db);
  const handlers = new Map<string, JobHandler>();
  const tasks: ((nowMs: number) => void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  const finishUploads = (job: JobRow): string | null => {
    const { jobFailureRate } = deps.settings.get();
    const failures: string[] = [];
    for (const upload of jobs.uploadsOf(job.id) as JobUploadRow[]) {
      const error = fetchFailure(upload.url, jobFailureRate);
      jobs.setUploadResult(upload.seq, error ? 'failed' : 'completed', error);
      if (error) failures.push(error);
    }
    return failures.length > 0 ? failures.join('; ') : null;
  };
  handlers.set('contentBulkUpload', finishUploads);

  const step = deps.db.transaction((nowMs: number) => {
    const at = new Date(nowMs).toISOString();
    const { jobDelayMs } = deps.settings.get();
    for (const job of jobs.due('processing', nowMs, BATCH)) {
      const handler = handlers.get(job.type);
      const reason = handler ? handler(job) : `No handler for job type '${job.type}'`;
      jobs.finish(job.id, reason ? 'failed' : 'completed', reason, at);
    }
    for (const job of jobs.due('queued', nowMs, BATCH))
      jobs.advance(job.id, 'processing', nowMs + jobDelayMs, at);
    for (const task of tasks) task(nowMs);
  });

  const tick = () => step(deps.now());
  const safeTick = () => {
    try {
      tick();
    } catch (error) {
      // A closed database means shutdown is under way; anything else is a real fault.
      if (deps.db.open) console.error('job worker: tick failed', error);
    }
  };

  return {
    start() {
      if (timer) return;
      // At once: whatever fell due while the sandbox was stopped is done before the first request.
      safeTick();
      timer = setInterval(safeTick, POLL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    handle: (type, handler) => void handlers.set(type, handler),
    every: (task) => void tasks.push(task),
    tick,
  };
}
