// Review before publishing: content managers ask for a course, or a whole course group, to be published;
// admins approve (the publish goes through content-actions.ts run(), the status-checked, audited path of
// a manual publish of that course or group) or decline with a comment. A request remembers the latest
// history version of its course (of each course of its group), so the queue says what changed since the
// last published version and marks the request stale once a course changed; a group request is stale
// too once a course joined the group or the group changed (every course of it gets a version then).
// An approval whose server stopped before settling it (killed, cut off) is finished by the schedules
// leader (recover()): its own server's at once after a restart, another's once no write begun there can
// still be in flight. The status check is asked again, so a publish that took effect is not sent twice;
// when the statuses cannot be read, the request is reopened for review.
import { randomUUID } from 'node:crypto';
import type { ConsoleRole } from '#contract/console/access.ts';
import { CourseCheckReport } from '#contract/console/course-checks.ts';
import type {
  CreatePublishRequestBody,
  PublishRequest,
  PublishRequestList,
  ReviewCourse,
  ReviewTarget,
} from '#contract/console/reviews.ts';
import { ApiError } from '../errors.ts';
import type { HistoryService } from '../history/history-service.ts';
import type {
  PublishRequestRecord,
  PublishRequestsRepository,
  RequestedCourse,
} from '../storage/publish-requests-repository.ts';
import { ContentRefusal, UpstreamCallError, answerMessages } from '../upstream/content-calls.ts';
import { REASONS } from '#contract/publish-rules.ts';
import {
  RunAbandoned,
  afterResume,
  type ActionOutcome,
  type ContentActions,
} from './content-actions.ts';

export interface ReviewServiceDeps {
  repo: PublishRequestsRepository;
  history: Pick<HistoryService, 'latest' | 'latestPublished' | 'compare' | 'coursesChangedSince'>;
  actions: Pick<ContentActions, 'run' | 'readGroup'>;
  now: () => number;
  /** This server's name: an approval in progress says which server sends its publish. */
  serverName: string;
  /** How long a write may take before its caller gives up (the upstream time limit). */
  upstreamTimeoutMs: number;
  /**
   * The course checks report of the course as it is now, attached to a new request; absent (or
   * answering null) when course checks are not available. A failure to read it leaves the report out.
   */
  checksReport?: (courseId: string) => Promise<CourseCheckReport | null>;
}

export interface Reviewer {
  email: string;
  role: ConsoleRole;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createReviewService(deps: ReviewServiceDeps) {
  const { repo, history } = deps;

  async function view(record: PublishRequestRecord): Promise<PublishRequest> {
    const pending = record.state === 'pending' || record.state === 'approving';
    const common = {
      id: record.id,
      note: record.note,
      state: record.state,
      requestedBy: record.requestedBy,
      requestedAt: iso(record.requestedAt)!,
      decidedBy: record.decidedBy,
      decidedAt: iso(record.decidedAt),
      comment: record.comment,
      outcome: record.outcome,
    };
    if (record.targetType === 'group') {
      const [courses, joined] = await Promise.all([
        Promise.all(record.courses.map((course) => courseView(course, pending))),
        pending ? history.coursesChangedSince(record.groupId, record.requestedAt) : [],
      ]);
      const asked = new Set(record.courses.map((course) => course.courseId));
      return {
        ...common,
        target: { type: 'group', groupId: record.groupId, title: record.title },
        version: null,
        publishedVersion: null,
        stale:
          pending &&
          (courses.some((course) => course.changed) || joined.some((id) => !asked.has(id))),
        courses,
        checksReport: null,
      };
    }
    const courseId = record.courseId!;
    const [latest, published] = await Promise.all([
      history.latest(courseId),
      history.latestPublished(courseId),
    ]);
    return {
      ...common,
      target: { type: 'course', courseId, groupId: record.groupId, title: record.title },
      version: record.version,
      publishedVersion: published?.number ?? null,
      stale: pending && latest !== null && latest.number > (record.version ?? 0),
      courses: [],
      checksReport: parseReport(record.checksReport),
    };
  }

  /**
   * One course of a group request: its versions, whether it changed since, and (while the request
   * waits) what changed from its last published version (the first when never published) to the one
   * asked for, counted as the History tab compares them.
   */
  async function courseView(course: RequestedCourse, pending: boolean): Promise<ReviewCourse> {
    const [latest, published] = await Promise.all([
      history.latest(course.courseId),
      history.latestPublished(course.courseId),
    ]);
    const publishedVersion = published?.number ?? null;
    const from = publishedVersion ?? 1;
    const comparable =
      pending && course.version !== null && !(publishedVersion !== null && from >= course.version);
    const comparison = comparable
      ? await history.compare(course.courseId, from, course.version!)
      : null;
    return {
      courseId: course.courseId,
      title: course.title,
      version: course.version,
      publishedVersion,
      changed: latest !== null && latest.number > (course.version ?? 0),
      counts: comparison?.diff.counts ?? null,
    };
  }

  async function found(id: string): Promise<PublishRequestRecord> {
    const record = await repo.find(id);
    if (!record) throw new ApiError(404, 'not_found', 'No publish request has this id.');
    return record;
  }

  async function claim(record: PublishRequestRecord, won: boolean): Promise<void> {
    if (won) return;
    const now = await repo.find(record.id);
    throw new ApiError(
      409,
      'conflict',
      `The request to publish ${record.targetType === 'group' ? 'the course group ' : ''}“${record.title}” was ${now?.state === 'declined' ? 'declined' : 'approved'} by ${now?.decidedBy ?? 'someone else'} already.`,
    );
  }

  async function readReport(courseId: string): Promise<string | null> {
    if (!deps.checksReport) return null;
    try {
      const report = await deps.checksReport(courseId);
      return report === null || report === undefined ? null : JSON.stringify(report);
    } catch {
      return null;
    }
  }

  /** The group as the instance has it now, with its courses; a refusal in the console's words. */
  async function readGroup(target: ReviewTarget) {
    try {
      return await deps.actions.readGroup(target.groupId);
    } catch (error) {
      if (error instanceof ContentRefusal && error.answer.status === 404)
        throw new ApiError(404, 'not_found', `No course group has the id ${target.groupId}.`);
      if (error instanceof ContentRefusal)
        throw new ApiError(
          502,
          'upstream_error',
          `The course group could not be read: ${answerMessages(error.answer).join(' ')}`,
        );
      if (error instanceof UpstreamCallError)
        throw error.reason === 'timeout'
          ? new ApiError(504, 'upstream_timeout', error.message)
          : new ApiError(502, 'upstream_unavailable', error.message);
      throw error;
    }
  }

  /** Approvals this process is sending: never taken over from under itself. */
  const running = new Set<string>();

  /**
   * Sends the approved publish as `record.decidedBy` and settles the request with the run `token`.
   * `resumedFrom` (a resumed run): the server that stopped before settling it.
   */
  async function publish(
    record: PublishRequestRecord,
    token: string,
    role: ConsoleRole,
    resumedFrom?: string | null,
  ): Promise<void> {
    running.add(record.id);
    try {
      let result: ActionOutcome;
      try {
        result = await deps.actions.run({
          target:
            record.targetType === 'group'
              ? { type: 'courseGroup', id: record.groupId, title: record.title, groupId: null }
              : {
                  type: 'course',
                  id: record.courseId!,
                  title: record.title,
                  groupId: record.groupId,
                },
          action: 'publish',
          actor: { email: record.decidedBy ?? record.requestedBy, role },
          why: `publish request of ${record.requestedBy} approved`,
          mayWrite: () => repo.touch(record.id, token, deps.now()),
        });
      } catch (error) {
        if (error instanceof RunAbandoned) return;
        result = { state: 'failed', outcome: `Failed: ${(error as Error).message}`, results: [] };
      }
      const [state, outcome] = settlement(result, record, resumedFrom);
      await repo.settle(record.id, token, state, outcome, deps.now());
    } finally {
      running.delete(record.id);
    }
  }

  return {
    async create(body: CreatePublishRequestBody, email: string): Promise<PublishRequest> {
      const { target } = body;
      const waiting = await repo.pendingFor(
        target.type === 'group' ? { groupId: target.groupId } : { courseId: target.courseId },
      );
      if (waiting)
        throw new ApiError(
          409,
          'conflict',
          `A request to publish ${waiting.targetType === 'group' ? 'the course group ' : ''}“${waiting.title}” is waiting for review already (asked by ${waiting.requestedBy}).`,
        );
      const base = {
        id: randomUUID(),
        groupId: target.groupId,
        note: body.note.trim(),
        requestedBy: email,
        requestedAt: deps.now(),
      };
      if (target.type === 'group') {
        const { group, courses } = await readGroup(target);
        const asked = await Promise.all(
          courses.map(async (course) => ({
            courseId: course.id,
            title: course.title,
            version: (await history.latest(course.id))?.number ?? null,
          })),
        );
        const record = await repo.insert({
          ...base,
          targetType: 'group',
          courseId: null,
          courses: asked,
          title: group.title,
          version: null,
          checksReport: null,
        });
        return view(record);
      }
      // The queue names the course as the instance has it, and the publish check reads its group: neither
      // is taken from the browser's word.
      const [{ group, courses }, latest, checksReport] = await Promise.all([
        readGroup(target),
        history.latest(target.courseId),
        readReport(target.courseId),
      ]);
      const course = courses.find((candidate) => candidate.id === target.courseId);
      if (!course)
        throw new ApiError(
          404,
          'not_found',
          `No course with the id ${target.courseId} is in the course group “${group.title}”.`,
        );
      const record = await repo.insert({
        ...base,
        targetType: 'course',
        courseId: target.courseId,
        courses: [],
        title: course.title,
        version: latest?.number ?? null,
        checksReport,
      });
      return view(record);
    },

    /** Admins see every request; others only their own. */
    async list(
      viewName: 'pending' | 'decided',
      reader: Reviewer,
      mine: boolean,
    ): Promise<PublishRequestList> {
      const own = mine || reader.role !== 'admin' ? reader.email : undefined;
      const records = await repo.list(viewName, own);
      return { requests: await Promise.all(records.map(view)) };
    },

    countPending: async () => ({ pending: await repo.countPending() }),

    async approve(id: string, admin: Reviewer, comment: string | null): Promise<PublishRequest> {
      const record = await found(id);
      const token = randomUUID();
      const at = deps.now();
      await claim(
        record,
        await repo.decide(
          id,
          'approving',
          { email: admin.email, at, comment },
          {
            server: deps.serverName,
            token,
          },
        ),
      );
      await publish({ ...record, decidedBy: admin.email }, token, admin.role);
      return view((await repo.find(id))!);
    },

    /**
     * Finishes approvals their server left unsettled: this server's own (not running in this process:
     * it restarted) at once, another's once quiet for the upstream time limit plus a second.
     */
    async recover(): Promise<void> {
      const quietBefore = deps.now() - (deps.upstreamTimeoutMs + 1000);
      for (const record of await repo.approving()) {
        if (running.has(record.id)) continue;
        const { approval } = record;
        const own = approval?.server === deps.serverName;
        if (approval && !own && approval.touchedAt >= quietBefore) continue;
        const token = randomUUID();
        const taken = await repo.takeOver(
          record.id,
          approval?.token ?? null,
          { server: deps.serverName, token },
          deps.now(),
        );
        if (!taken) continue;
        await publish(record, token, 'admin', approval?.server ?? null);
      }
    },
    async decline(id: string, admin: Reviewer, comment: string): Promise<PublishRequest> {
      const record = await found(id);
      await claim(
        record,
        await repo.decide(id, 'declined', { email: admin.email, at: deps.now(), comment }),
      );
      return view((await repo.find(id))!);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

/** The stored report, as the contract has it; null when none was kept (or it no longer reads). */
function parseReport(text: string | null): CourseCheckReport | null {
  if (text === null) return null;
  try {
    const parsed = CourseCheckReport.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * How an approval run ends: approved or failed as the publish went; a run resumed from a stopped server
 * says so, and goes back to review when the course's status could not be read (nobody knows whether it
 * was published).
 */
function settlement(
  result: ActionOutcome,
  record: PublishRequestRecord,
  resumedFrom: string | null | undefined,
): ['approved' | 'failed' | 'pending', string] {
  if (resumedFrom === undefined)
    return [result.state === 'failed' ? 'failed' : 'approved', result.outcome];
  if (result.state === 'failed' && result.outcome.startsWith(REASONS.unreadable))
    return [
      'pending',
      `${resumedFrom ?? 'Its server'} stopped before settling the approval of ${record.decidedBy ?? 'an admin'}, and the ${record.targetType === 'group' ? "courses' statuses" : "course's status"} could not be checked (${result.outcome}). It waits for review again.`,
    ];
  const resumed = afterResume(result, resumedFrom, 'approval');
  return [resumed.state === 'failed' ? 'failed' : 'approved', resumed.outcome];
}
