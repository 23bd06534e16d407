// Course checks of saved courses (issue 24): read the course from the instance, run the compiler's pure
// checks on it (the ones the browser runs on drafts), fetch its links, and keep the report. One check
// runs per course across every console server (storage/course-checks-repository.ts): a server that
// finds a live run answers its progress; a run whose server died is taken over. A report is reused
// while the course's content is the same and the report is younger than the link cache.
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  assembleReport,
  checkDraft,
  distinctUrls,
  linkFindings,
  type DraftCheck,
} from '#compiler/checks/index.ts';
import { draftFromBaseline, sequentialIds, type CourseDraft } from '#compiler/index.ts';
import {
  CourseCheckReport,
  type CourseCheckRunning,
  type CourseChecksAnswer,
} from '#contract/console/course-checks.ts';
import { ApiError } from '../errors.ts';
import type {
  CourseCheckRun,
  CourseChecksRepository,
} from '../storage/course-checks-repository.ts';
import { readCourseBaseline } from '../upstream/course-reads.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import type { LinkChecker } from './link-checker.ts';

export interface CourseChecksDeps {
  upstream: Upstream;
  repository: CourseChecksRepository;
  links: LinkChecker;
  now: () => number;
  log: Logger;
  serverName: string;
  /** How long a report of an unchanged course is answered again without checking anew. */
  reportTtlMs: number;
  /** How often a running check beats (and saves its progress). */
  beatEveryMs?: number;
  /** A running check whose last beat is older than this is taken over. */
  staleAfterMs?: number;
  /** How long a request waits for a check it started before answering 202. */
  answerWithinMs?: number;
}

export interface ReadOptions {
  /** The version a caller is polling for: while its check runs, the course is not read again. */
  version?: string;
  /** Check again now, fetching again the links that failed. */
  refresh?: boolean;
}

export interface CourseChecksService {
  /** The report (state done), or the progress of the check now running (state running). */
  read(courseId: string, options?: ReadOptions): Promise<CourseChecksAnswer>;
  /**
   * The report of the course as it is saved now, waiting for its check: for whatever must carry the
   * report of the version it is about (a publish request).
   */
  reportFor(courseId: string, options?: { maxWaitMs?: number }): Promise<CourseCheckReport>;
  /** Stops the checks in progress (at shutdown); their rows are taken over by whoever asks next. */
  stop(): Promise<void>;
}

export const NO_SUCH_COURSE = 'No course has this id on the learning instance.';

export function createCourseChecksService(deps: CourseChecksDeps): CourseChecksService {
  const { repository, links, now, log } = deps;
  const beatEveryMs = deps.beatEveryMs ?? 1000;
  const staleAfterMs = deps.staleAfterMs ?? 10 * beatEveryMs;
  const answerWithinMs = deps.answerWithinMs ?? 250;
  /** Checks this server runs, by course. */
  const runs = new Map<string, Promise<CourseCheckReport | undefined>>();
  let stopped = false;

  const live = (run: CourseCheckRun) =>
    run.state === 'running' && run.beatAt >= now() - staleAfterMs;

  function answerOf(run: CourseCheckRun): CourseChecksAnswer | undefined {
    if (run.state === 'done' && run.report) return CourseCheckReport.parse(JSON.parse(run.report));
    if (live(run)) return runningOf(run);
    return undefined;
  }

  async function read(courseId: string, options: ReadOptions = {}): Promise<CourseChecksAnswer> {
    if (options.version && !options.refresh) {
      const run = await repository.find(courseId);
      const answer = run?.version === options.version ? answerOf(run) : undefined;
      if (answer) return answer;
    }
    const baseline = await readCourseBaseline(deps.upstream, courseId);
    if (!baseline) throw new ApiError(404, 'not_found', NO_SUCH_COURSE);
    // Ids by position: the same content gives the same draft, and so the same version.
    const draft = draftFromBaseline(baseline, sequentialIds());
    const version = fingerprint(draft);
    if (!options.refresh) {
      const run = await repository.find(courseId);
      if (run?.version === version) {
        const fresh = run.state === 'done' && now() - (run.finishedAt ?? 0) < deps.reportTtlMs;
        if (fresh || live(run)) return answerOf(run)!;
      }
    }
    return start(courseId, draft, version, options.refresh ?? false);
  }

  async function start(
    courseId: string,
    draft: CourseDraft,
    version: string,
    refresh: boolean,
  ): Promise<CourseChecksAnswer> {
    const local = checkDraft(draft);
    const urls = distinctUrls(local.links);
    const runId = randomUUID();
    const at = now();
    const claimed = await repository.claim({
      courseId,
      version,
      runId,
      serverName: deps.serverName,
      at,
      linksDistinct: urls.length,
      staleBefore: at - staleAfterMs,
      force: refresh,
    });
    if (!claimed) {
      // Another request (here or on another server) started the same check a moment ago.
      const run = await repository.find(courseId);
      const answer = run && answerOf(run);
      if (answer) return answer;
      throw new Error(`course check of ${courseId}: the claim was lost and no run stands`);
    }
    const run = execute({ courseId, runId, version, draft, local, urls, refresh, startedAt: at });
    runs.set(courseId, run);
    void run.finally(() => {
      if (runs.get(courseId) === run) runs.delete(courseId);
    });
    // A course whose links are all cached is done at once: answer it without a round of polling.
    const quick = await Promise.race([run, delay(answerWithinMs)]);
    if (quick) return quick;
    return {
      state: 'running',
      courseId,
      version,
      startedAt: new Date(at).toISOString(),
      links: { distinct: urls.length, done: 0 },
    };
  }

  async function execute(run: {
    courseId: string;
    runId: string;
    version: string;
    draft: CourseDraft;
    local: DraftCheck;
    urls: string[];
    refresh: boolean;
    startedAt: number;
  }): Promise<CourseCheckReport | undefined> {
    const { courseId, runId } = run;
    let done = 0;
    const beat = () =>
      repository.beat(courseId, runId, done, now()).catch((error: unknown) => {
        log.warn({ err: error, courseId }, 'course check: saving its progress failed');
        return true;
      });
    const heartbeat = setInterval(() => void beat(), beatEveryMs);
    heartbeat.unref();
    try {
      const fetched = await links.check(run.urls, {
        refresh: run.refresh,
        onSettled: (count) => (done = count),
      });
      if (stopped) return undefined;
      const report = assembleReport({
        draft: run.draft,
        version: run.version,
        checkedAt: new Date(now()),
        durationMs: now() - run.startedAt,
        findings: [
          ...run.local.findings,
          ...linkFindings(run.local.links, (url) => fetched.outcomes.get(url)),
        ],
        links: {
          distinct: run.urls.length,
          fetched: fetched.fetched,
          concurrency: links.concurrency,
          timeoutMs: links.timeoutMs,
        },
      });
      await repository.finish(courseId, runId, JSON.stringify(report), now());
      return report;
    } catch (error) {
      log.error({ err: error, courseId }, 'course check failed');
      await repository
        .fail(courseId, runId, (error as Error).message, now())
        .catch(() => undefined);
      return undefined;
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    read,
    async reportFor(courseId, { maxWaitMs = 120_000 } = {}) {
      const until = now() + maxWaitMs;
      let answer = await read(courseId);
      while (answer.state === 'running') {
        if (now() > until)
          throw new ApiError(504, 'upstream_timeout', 'The course check did not finish in time.');
        await (runs.get(courseId) ?? delay(beatEveryMs / 2));
        answer = await read(courseId, { version: answer.version });
      }
      return answer;
    },
    async stop() {
      stopped = true;
      await links.close();
      await Promise.allSettled(runs.values());
    },
  };
}

function runningOf(run: CourseCheckRun): CourseCheckRunning {
  return {
    state: 'running',
    courseId: run.courseId,
    version: run.version,
    startedAt: new Date(run.startedAt).toISOString(),
    links: { distinct: run.linksDistinct, done: run.linksDone },
  };
}

/** The version of a saved course: a hash of what the checks read (its status is not part of it). */
export function fingerprint(draft: CourseDraft): string {
  const { status: _status, archived: _archived, ...attributes } = draft.attributes;
  const content = JSON.stringify({ ...draft, attributes });
  return createHash('sha256').update(content).digest('hex').slice(0, 20);
}

const delay = (ms: number) =>
  new Promise<undefined>((done) => setTimeout(() => done(undefined), ms).unref());
