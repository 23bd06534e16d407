// Capturing a content-changing call for the course history and the audit's old values
// (docs/decisions/course-history.md):
//   prepare  before the call is forwarded (the user waits): find the courses it changes (request, node
//            index, or a read), read each once, a few at a time: that one read is both the history's
//            "before" and the audit's old values (and a translation's stored units, to count changes).
//            A price change reads only the session records: the price is all it changes, so its
//            "before" takes the group and the structure from the read after (or from a later call of
//            the same gathering, read before that call changed them).
//   settle   once it was answered 2xx (the user does not wait): the course joins a gathering of calls
//            of the same person; once no call came for `quietMs` (an editor apply is several calls),
//            and any background job the answer named has finished, the course is read again, in
//            batches, and one version is recorded with the first call's "before".
// A read that fails never stops the call: the audit then names the course without old values, and
// the history records what it could read (a missing "after" records no version, and says so in the log).
import type { Logger } from 'pino';
import type { AuditSubject } from '#contract/console/audit.ts';
import type { HistoryChangeKind } from '#contract/console/history.ts';
import { parseXliff } from '#contract/index.ts';
import { eachLimited, READ_CONCURRENCY, type CourseReader } from './course-reads.ts';
import type { HistoryService } from './history-service.ts';
import {
  CONTENT_OPERATIONS,
  callTargets,
  changeKinds,
  touchedSubjects,
  type CourseBefore,
  type TranslationFacts,
} from './touched.ts';

export interface CallToCapture {
  operationId: string;
  /** The upstream path (`/content/bulkUpdatePrices`). */
  path: string;
  /** The parsed JSON body (undefined for XML). */
  body: unknown;
  raw: Buffer;
}

export interface PreparedCall {
  call: CallToCapture;
  before: Map<string, CourseBefore>;
  subjects: AuditSubject[];
  translation: (TranslationFacts & { courseId: string }) | null;
}

export interface Settled {
  status: number;
  /** The captured answer (read when the version is recorded: it has streamed by then). */
  answer: () => Buffer | undefined;
  auditSeq: number | undefined;
  userEmail: string;
}

interface Gathering {
  courseId: string;
  userEmail: string;
  /** The course before the first call of the gathering (null: it created the course). */
  before: CourseBefore | null | undefined;
  kinds: Set<HistoryChangeKind>;
  auditSeqs: number[];
  translation: TranslationFacts | null;
  /** Background jobs to wait for before reading the course after (those seen ended are dropped). */
  jobs: Set<string>;
  /** Until when the jobs are waited for (set by the first job). */
  jobsUntil: number;
  due: number;
}

/** How often a gathering whose job still runs looks again. */
const JOB_CHECK_MS = 500;

export interface CaptureOptions {
  reader: CourseReader;
  history: HistoryService;
  log: Logger;
  now?: () => number;
  /** Quiet time that ends a gathering of calls on one course. */
  quietMs?: number;
  /** How long a background job is waited for. */
  jobWaitMs?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseAnswer(bytes: Buffer | undefined): unknown {
  if (!bytes || bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function createChangeCapture(options: CaptureOptions) {
  const { reader, history, log } = options;
  const now = options.now ?? Date.now;
  const quietMs = options.quietMs ?? 1500;
  const jobWaitMs = options.jobWaitMs ?? 120_000;
  const gatherings = new Map<string, Gathering>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const idle = new Set<() => void>();

  /** The courses a call changes: named in it, or found through the node index or one read each. */
  async function coursesOf(call: CallToCapture): Promise<string[]> {
    const targets = callTargets(call.operationId, call.body, call.path);
    const courses = new Set(targets.courses);
    const named = [...targets.nodes.keys(), ...targets.criteria];
    const known = named.length > 0 ? await history.coursesOfNodes(named) : new Map();
    for (const id of known.values()) courses.add(id);
    const unknown = [...targets.nodes].filter(([id]) => !known.has(id));
    await eachLimited(unknown, READ_CONCURRENCY, async ([id, kind]) => {
      const courseId = await reader.courseOfNode(kind, id);
      if (courseId) courses.add(courseId);
    });
    await eachLimited([...targets.groups], READ_CONCURRENCY, async (groupId) => {
      for (const id of await reader.groupCourses(groupId)) courses.add(id);
    });
    return [...courses];
  }

  async function translationFacts(call: CallToCapture, courseId: string) {
    const file = parseXliff(call.raw.toString('utf8'));
    const language = file?.targetLanguage;
    if (!file || !language) return null;
    const stored = await reader.text(
      `/content/courses/${encodeURIComponent(courseId)}.xlf?language=${encodeURIComponent(language)}`,
    );
    const was = new Map(
      (stored ? (parseXliff(stored)?.targets ?? []) : []).map((unit) => [unit.id, unit.target]),
    );
    const changed = file.targets.filter((unit) => was.get(unit.id) !== unit.target).length;
    return { courseId, language, units: file.unitIds.length, changed };
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (gatherings.size === 0) {
      for (const resolve of idle) resolve();
      idle.clear();
      return;
    }
    const due = Math.min(...[...gatherings.values()].map((g) => g.due));
    timer = setTimeout(
      () => {
        timer = undefined;
        flushing = flushing.then(
          () => flushDue(),
          () => flushDue(),
        );
      },
      Math.max(0, due - now()),
    );
    timer.unref();
  }

  /** The jobs among `ids` that are still queued or processing (one read each; unread: ended). */
  async function runningJobs(ids: Set<string>): Promise<Set<string>> {
    const running = new Set<string>();
    await eachLimited([...ids], READ_CONCURRENCY, async (id) => {
      const job = await reader.json<{ status?: string }>(`/jobs/${encodeURIComponent(id)}`);
      if (job && job.status !== 'completed' && job.status !== 'failed') running.add(id);
    });
    return running;
  }

  /**
   * Gatherings whose job still runs look again later, each on its own: one course's slow upload
   * (jobs can take minutes) never holds back the versions of the others.
   */
  async function postponeRunningJobs(due: [string, Gathering][]): Promise<void> {
    const at = now();
    const waiting = due.filter(([, g]) => g.jobs.size > 0 && g.jobsUntil > at);
    if (waiting.length === 0) return;
    const asked = new Set(waiting.flatMap(([, g]) => [...g.jobs]));
    const running = await runningJobs(asked);
    const next = now() + JOB_CHECK_MS;
    for (const [, g] of waiting) {
      // A job seen ended is not read again; one a call added meanwhile was not read yet and stays.
      for (const id of g.jobs) if (asked.has(id) && !running.has(id)) g.jobs.delete(id);
      if (g.jobs.size > 0) g.due = Math.max(g.due, next);
    }
  }

  /** Reads the courses whose gathering went quiet, in one batch, and records their versions. */
  async function flushDue(waitJobs = true): Promise<void> {
    try {
      let due = [...gatherings].filter(([, g]) => g.due <= now());
      if (waitJobs) await postponeRunningJobs(due);
      // Still due: not postponed for a job, nor extended by a call that came meanwhile.
      const at = now();
      due = due.filter(([, g]) => g.due <= at).sort(([, a], [, b]) => a.due - b.due);
      for (const [key] of due) gatherings.delete(key);
      if (due.length === 0) return;
      const courseIds = due.map(([, g]) => g.courseId);
      // Read and recorded under the courses' lock: a later read never gets an earlier number.
      await history.whileRecording(courseIds, () => recordDue(due));
    } catch (error) {
      log.error({ err: error }, 'history: recording versions failed');
    } finally {
      schedule();
    }
  }

  /** Reads the due courses once more and records one version per gathering. */
  async function recordDue(due: [string, Gathering][]): Promise<void> {
    const after = await reader.snapshots(due.map(([, g]) => g.courseId));
    const readAt = now();
    for (const [, gathering] of due) {
      const { courseId } = gathering;
      const state = after.get(courseId);
      if (!state || gathering.before === undefined) {
        log.warn({ courseId }, 'history: the course could not be read, no version recorded');
        continue;
      }
      await history.record({
        courseId,
        before: gathering.before && { ...state, ...gathering.before },
        after: state,
        at: readAt,
        userEmail: gathering.userEmail,
        kinds: [...gathering.kinds],
        auditSeqs: gathering.auditSeqs,
        translation: gathering.translation,
      });
    }
  }

  function waitFor(gathering: Gathering, job: string) {
    if (gathering.jobs.size === 0) gathering.jobsUntil = now() + jobWaitMs;
    gathering.jobs.add(job);
  }

  /** One gathering per course and person: each version is one person's. */
  function gather(courseId: string, before: CourseBefore | null, settled: Settled) {
    const key = `${courseId}\u0000${settled.userEmail}`;
    let gathering = gatherings.get(key);
    // A price change's "before" lacks the group and structure; a later call's, read before it
    // changed them, has them as they were (the price change could not touch them).
    if (gathering?.before && before) gathering.before = { ...before, ...gathering.before };
    if (!gathering) {
      gathering = {
        courseId,
        userEmail: settled.userEmail,
        before,
        kinds: new Set<HistoryChangeKind>(),
        auditSeqs: [],
        translation: null,
        jobs: new Set<string>(),
        jobsUntil: 0,
        due: 0,
      };
      gatherings.set(key, gathering);
    }
    gathering.due = now() + quietMs;
    if (settled.auditSeq !== undefined) gathering.auditSeqs.push(settled.auditSeq);
    return gathering;
  }

  return {
    /** Before forwarding: the courses' state and the audit's subjects with old values. */
    async prepare(call: CallToCapture): Promise<PreparedCall | null> {
      if (!CONTENT_OPERATIONS.has(call.operationId) || call.operationId === 'createCourses')
        return null;
      try {
        const courseIds = await coursesOf(call);
        const [before, translation] = await Promise.all([
          call.operationId === 'bulkUpdatePrices'
            ? reader
                .courses(courseIds)
                .then(
                  (courses) =>
                    new Map<string, CourseBefore>(
                      [...courses].map(([id, course]) => [id, { course }]),
                    ),
                )
            : reader.snapshots(courseIds),
          call.operationId === 'uploadTranslation' && courseIds[0]
            ? translationFacts(call, courseIds[0])
            : Promise.resolve(null),
        ]);
        // A translation of a course that could not be read (unknown id) says nothing it cannot know.
        const facts =
          translation && before.has(translation.courseId)
            ? {
                language: translation.language,
                units: translation.units,
                changed: translation.changed,
              }
            : null;
        const subjects = touchedSubjects(call.operationId, call.body, before, facts);
        return { call, before, subjects, translation: facts ? translation : null };
      } catch (error) {
        log.warn({ err: error, operation: call.operationId }, 'history: reading before failed');
        return { call, before: new Map(), subjects: [], translation: null };
      }
    },

    /** Once answered: successful changes join their course's gathering (recorded in the background). */
    settle(call: CallToCapture, prepared: PreparedCall | null, settled: Settled): void {
      if (settled.status < 200 || settled.status > 299) return;
      if (!CONTENT_OPERATIONS.has(call.operationId)) return;
      const answer = parseAnswer(settled.answer());
      const job =
        isObject(answer) && isObject(answer.backgroundJob) ? answer.backgroundJob.id : undefined;
      if (call.operationId === 'createCourses') {
        const groupIds =
          isObject(answer) && Array.isArray(answer.courseGroupIds) ? answer.courseGroupIds : [];
        void (async () => {
          for (const groupId of groupIds.filter((id): id is string => typeof id === 'string'))
            for (const courseId of await reader.groupCourses(groupId)) {
              const gathering = gather(courseId, null, settled);
              gathering.kinds.add('create');
              if (typeof job === 'string') waitFor(gathering, job);
            }
          schedule();
        })().catch((error: unknown) => log.warn({ err: error }, 'history: created courses unread'));
        return;
      }
      for (const [courseId, before] of prepared?.before ?? []) {
        const groupId = before.courseGroup?.id;
        const gathering = gather(courseId, before, settled);
        for (const kind of changeKinds(call.operationId, call.body, courseId, groupId))
          gathering.kinds.add(kind);
        if (typeof job === 'string') waitFor(gathering, job);
        if (prepared?.translation?.courseId === courseId) {
          const { courseId: _course, ...facts } = prepared.translation;
          gathering.translation = facts;
        }
      }
      schedule();
    },

    /** Resolves once every gathering has been recorded (tests, shutdown). */
    settled(): Promise<void> {
      if (gatherings.size === 0 && !timer) return flushing;
      return new Promise<void>((resolve) => idle.add(resolve)).then(() => flushing);
    },

    /** Records what is gathered now instead of waiting for quiet (shutdown). */
    async flushNow(): Promise<void> {
      for (const gathering of gatherings.values()) gathering.due = 0;
      clearTimeout(timer);
      // At shutdown: background jobs are not waited for.
      flushing = flushing.then(
        () => flushDue(false),
        () => flushDue(false),
      );
      await flushing;
    },
  };
}
export type ChangeCapture = ReturnType<typeof createChangeCapture>;
