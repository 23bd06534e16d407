// Publish, unpublish, archive or restore a course group, a course or a learning path from the console
// server itself (a scheduled action, an approved publish request), through the path a manual action in
// the console takes: read the current statuses, decide with the shared status check
// (#contract/publish-rules.ts) what to send and what to skip, then send each write as the proxy does
// (audit row pending before the effect, completed with the answer; reads collapsed before it closed),
// recorded under the person the server acts for, and captured for the course history like a change
// through the proxy (history/change-capture.ts: the courses read before, a version recorded after). Run
// again after a crash, the same check skips what already took effect, so nothing is applied twice.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { ConsoleRole } from '#contract/console/access.ts';
import type {
  ScheduleAction,
  ScheduleItemResult,
  ScheduleTarget,
} from '#contract/console/schedules.ts';
import {
  REASONS,
  decideCourse,
  decideCourseArchive,
  decideGroup,
  learningPathRefusal,
  type Decision,
} from '#contract/publish-rules.ts';
import {
  CourseGroup,
  CourseList,
  LearningPathMilestones,
  type Course,
} from '#contract/schemas/read-models.ts';
import type { AuditTrailService, OwnCall } from '../audit/audit-trail-service.ts';
import { requestSubjects, touchedFirst } from '../audit/subjects.ts';
import { summarizeCall } from '../audit/summarize.ts';
import type { ChangeCapture } from '../history/change-capture.ts';
import {
  answerMessages,
  callContentApi,
  ContentRefusal,
  readContent,
  UpstreamCallError,
} from '../upstream/content-calls.ts';
import type { Upstream } from '../upstream/upstream-client.ts';

/** How the proxy names its routes in the audit log (routes/proxy-routes.ts). */
const PROXIED = '/api/v2';

export interface ActionActor {
  email: string;
  role: ConsoleRole;
}

export interface ActionRequest {
  target: ScheduleTarget;
  action: ScheduleAction;
  actor: ActionActor;
  /** Why the server acts, for the audit summaries. */
  why: string;
  mayWrite?: () => Promise<boolean>;
}

/** The run was stopped before a write because its runner no longer holds it. */
export class RunAbandoned extends Error {
  constructor() {
    super('The run was taken over by another server; nothing more was sent from here.');
  }
}

export interface ActionOutcome {
  state: 'done' | 'skipped' | 'failed';
  /** What happened, in a sentence. */
  outcome: string;
  results: ScheduleItemResult[];
}

interface Write {
  operation: 'releaseContent' | 'updateCourses';
  path: string;
  body: Record<string, unknown>;
  /** Null when the answer confirms the write, else what is wrong with it. */
  check(json: unknown): string | null;
}

interface Step {
  title: string;
  decision: Decision;
  write: Write | null;
}

const DONE_WORDS: Record<ScheduleAction, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  archive: 'archived',
  restore: 'restored',
};

function release(kind: 'course' | 'learningPath', id: string, publish: boolean): Write {
  const expected = publish ? 'published' : 'draft';
  return {
    operation: 'releaseContent',
    path: `/content/${id}/releaseContent`,
    body: { kind, action: publish ? 'release' : 'unrelease' },
    check: (json) => {
      const status = (json as { status?: unknown } | undefined)?.status;
      return status === expected
        ? null
        : `The instance answered status '${String(status)}', not '${expected}'.`;
    },
  };
}

function update(courseAttributes: Record<string, unknown>): Write {
  return {
    operation: 'updateCourses',
    path: '/content/course/update',
    body: { courseAttributes },
    check: (json) =>
      json === true || (json as { success?: unknown } | undefined)?.success === true
        ? null
        : 'The instance did not confirm the update.',
  };
}

const step = (title: string, decision: Decision, write: () => Write): Step => ({
  title,
  decision,
  write: decision.send ? write() : null,
});

export interface ContentActionsDeps {
  upstream: Upstream;
  auditTrail: AuditTrailService;
  /** Reads collapsed before a write must not be joined after it (proxy/read-coalescer.ts). */
  closeFlights: () => void;
  /** The course history's capture, as for a change sent through the proxy. */
  capture: Pick<ChangeCapture, 'prepare' | 'settle'>;
  log: Logger;
}

export function createContentActions(deps: ContentActionsDeps) {
  const { upstream } = deps;

  async function readGroup(id: string) {
    const [group, { courses }] = await Promise.all([
      readContent(upstream, `/courseGroups/${encodeURIComponent(id)}`, CourseGroup),
      readContent(upstream, `/courseGroups/${encodeURIComponent(id)}/courses`, CourseList),
    ]);
    return { group, courses };
  }

  /** What the action would send for `target` now, each item with its decision. */
  async function plan(target: ScheduleTarget, action: ScheduleAction): Promise<Step[]> {
    if (target.type === 'learningPath') {
      const { learningPath } = await readContent(
        upstream,
        `/learningPathMilestones?learningPathId=${encodeURIComponent(target.id)}`,
        LearningPathMilestones,
      );
      const publish = action === 'publish';
      const refusal = learningPathRefusal(publish ? 'release' : 'unrelease', learningPath.status);
      const decision: Decision = refusal
        ? { send: false, reason: refusal }
        : { send: true, effect: publish ? 'Publishes it.' : 'Sets it back to draft.' };
      return [
        step(learningPath.title, decision, () => release('learningPath', target.id, publish)),
      ];
    }
    const groupId = target.type === 'course' ? target.groupId! : target.id;
    const { group, courses } = await readGroup(groupId);
    if (target.type === 'courseGroup') {
      if (action === 'archive' || action === 'restore')
        return [
          step(group.title, decideGroup(action, group), () =>
            update({ courseGroups: [{ id: group.id, archived: action === 'archive' }] }),
          ),
        ];
      if (courses.length === 0)
        return [
          { title: group.title, decision: { send: false, reason: REASONS.noCourses }, write: null },
        ];
      return courses.map((course) => courseStep(action, group, course));
    }
    const course = courses.find((candidate) => candidate.id === target.id);
    if (!course) throw new Error(`The course is no longer in the course group “${group.title}”.`);
    return [courseStep(action, group, course)];
  }

  function courseStep(action: ScheduleAction, group: CourseGroup, course: Course): Step {
    if (action === 'publish' || action === 'unpublish')
      return step(course.title, decideCourse(action, group, course), () =>
        release('course', course.id, action === 'publish'),
      );
    return step(course.title, decideCourseArchive(action, group, course), () =>
      update({
        courses: [{ id: course.id, status: action === 'archive' ? 'archived' : 'draft' }],
      }),
    );
  }

  /** One write, recorded before it takes effect and completed with its answer: null, or what failed. */
  async function send(write: Write, actor: ActionActor, why: string): Promise<string | null> {
    const bytes = Buffer.from(JSON.stringify(write.body));
    const template =
      write.operation === 'releaseContent' ? '/content/{id}/releaseContent' : write.path;
    const call: OwnCall = {
      userEmail: actor.email,
      role: actor.role,
      method: 'PUT',
      route: `PUT ${PROXIED}${template}`,
      path: PROXIED + write.path,
      operation: write.operation,
      summary: `${summarizeCall(write.operation, write.body, bytes.length, { path: write.path })} (${why})`,
      bodySha256: createHash('sha256').update(bytes).digest('hex'),
      bodyBytes: bytes.length,
      subjects: requestSubjects(write.operation, write.body, write.path),
    };
    // The courses it changes, read once: the history's "before" and the audit's old values.
    const captured = {
      operationId: write.operation,
      path: write.path,
      body: write.body,
      raw: bytes,
    };
    const prepared = await deps.capture.prepare(captured);
    if (prepared) call.subjects = touchedFirst(prepared.subjects, call.subjects);
    const seq = await deps.auditTrail.beginOwn(call);
    const started = performance.now();
    deps.closeFlights();
    let upstreamStatus: number | null = null;
    let problem: string | null;
    try {
      const answer = await callContentApi(upstream, {
        method: 'PUT',
        path: write.path,
        body: write.body,
      });
      upstreamStatus = answer.status;
      problem = answer.status === 200 ? write.check(answer.json) : answerMessages(answer).join(' ');
      deps.capture.settle(captured, prepared, {
        status: answer.status,
        answer: () => Buffer.from(answer.text),
        auditSeq: seq,
        userEmail: actor.email,
      });
    } catch (error) {
      problem = error instanceof UpstreamCallError ? error.message : String(error);
    } finally {
      deps.closeFlights();
    }
    await deps.auditTrail.finishOwn(seq, call, {
      upstreamStatus,
      durationMs: performance.now() - started,
      refusal: upstreamStatus === null ? problem : null,
    });
    return problem;
  }

  return {
    /** A course group and its courses as the instance has them now (a refusal: ContentRefusal). */
    readGroup,

    /**
     * Runs `request.action` on its target for its actor; `why` goes into each audit summary
     * ("scheduled for 1 Mar 2031, 09:00 (Europe/Paris)"). A refusal of the instance is a result, never
     * a throw. `mayWrite` is asked before each write: when it says no (the runner lost its claim),
     * the run stops with RunAbandoned and nothing more is sent.
     */
    async run(request: ActionRequest): Promise<ActionOutcome> {
      const { target, action, actor, why } = request;
      let steps: Step[];
      try {
        steps = await plan(target, action);
      } catch (error) {
        const messages =
          error instanceof ContentRefusal
            ? answerMessages(error.answer).join(' ')
            : (error as Error).message;
        deps.log.warn({ err: error, target: target.id }, 'content action: statuses unreadable');
        const outcome = `${REASONS.unreadable} ${messages}`;
        return {
          state: 'failed',
          outcome,
          results: [{ title: target.title, outcome: 'failed', message: outcome }],
        };
      }
      const results: ScheduleItemResult[] = [];
      for (const item of steps) {
        if (!item.write || !item.decision.send) {
          results.push({
            title: item.title,
            outcome: 'skipped',
            message: item.decision.send ? '' : item.decision.reason,
          });
          continue;
        }
        if (request.mayWrite && !(await request.mayWrite())) throw new RunAbandoned();
        const problem = await send(item.write, actor, why);
        results.push(
          problem === null
            ? { title: item.title, outcome: 'sent', message: item.decision.effect }
            : { title: item.title, outcome: 'failed', message: problem },
        );
      }
      return summarize(action, results);
    },
  };
}
export type ContentActions = ReturnType<typeof createContentActions>;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The run's state and its sentence, from the items' results. */
export function summarize(action: ScheduleAction, results: ScheduleItemResult[]): ActionOutcome {
  const sent = results.filter((result) => result.outcome === 'sent');
  const skipped = results.filter((result) => result.outcome === 'skipped');
  const failed = results.filter((result) => result.outcome === 'failed');
  const single = results.length === 1 ? results[0]! : null;
  if (failed.length > 0) {
    const first = failed[0]!;
    const rest = [
      sent.length > 0 && `${count(sent.length, 'item')} ${DONE_WORDS[action]}`,
      skipped.length > 0 && `${count(skipped.length, 'item')} skipped`,
    ].filter(Boolean);
    return {
      state: 'failed',
      outcome: single
        ? `Failed: ${first.message}`
        : `${failed.length} of ${results.length} failed (${first.title}: ${first.message})${rest.length > 0 ? `; ${rest.join(', ')}` : ''}.`,
      results,
    };
  }
  if (sent.length === 0)
    return {
      state: 'skipped',
      outcome: single
        ? `Nothing was sent: ${single.message}`
        : `Nothing was sent: ${skipped.map((result) => `${result.title}: ${result.message}`).join(' ')}`,
      results,
    };
  const verb = DONE_WORDS[action];
  return {
    state: 'done',
    outcome: single
      ? `${verb.charAt(0).toUpperCase()}${verb.slice(1)} “${single.title}”.`
      : `${count(sent.length, 'item')} ${verb}${skipped.length > 0 ? `; ${count(skipped.length, 'item')} skipped (${skipped[0]!.title}: ${skipped[0]!.message})` : ''}.`,
    results,
  };
}

/**
 * A resumed run's check skips what its first server already did, so "nothing sent" there means done;
 * the sentence says who stopped before settling the `what` ('run', 'approval').
 */
export function afterResume(
  outcome: ActionOutcome,
  from: string | null,
  what: string,
): ActionOutcome {
  const stopped = `${from ?? 'Its server'} stopped before settling this ${what}`;
  if (outcome.state === 'failed')
    return { ...outcome, outcome: `${stopped}; finishing it failed. ${outcome.outcome}` };
  return {
    ...outcome,
    state: 'done',
    outcome: `${stopped}; checked again and finished here. ${outcome.outcome}`,
  };
}
