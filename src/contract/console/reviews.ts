// Review before publishing: a content manager asks for a course to be published, with a note; an admin
// approves (the console server publishes through the same status-checked, audited path as a manual
// publish) or declines with a comment; the requester sees the outcome. A request remembers the course's
// history version it asks for, so the queue can say what changed since the last published version and
// mark it stale when the course changed after it was made.
import { z } from '../zod.ts';
import { CourseCheckReport } from './course-checks.ts';
import { consoleEndpoint } from './endpoint.ts';
import { VersionCounts } from './version-counts.ts';

export const ReviewState = z
  .enum(['pending', 'approving', 'approved', 'declined', 'failed'])
  .register(z.globalRegistry, {
    description:
      '`approving`: an admin approved it and the publish is being sent (claimed so two approvals never publish twice); `failed`: approved, but the instance refused the publish (the outcome says why).',
  });
export type ReviewState = z.infer<typeof ReviewState>;

export const CourseReviewTarget = z.object({
  type: z.literal('course'),
  courseId: z.uuid('must be a course id'),
  groupId: z.uuid('must be a course group id').register(z.globalRegistry, {
    description: "The course's course group: its status is part of the publish check.",
  }),
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(500))
    .register(z.globalRegistry, {
      description:
        'The course title as the requester saw it. The request records the title the instance has when it is made (what the queue says), and refuses a course that is not in `groupId`.',
    }),
});

export const GroupReviewTarget = z.object({
  type: z.literal('group'),
  groupId: z.uuid('must be a course group id'),
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(500))
    .register(z.globalRegistry, {
      description: 'The course group title when the request was made: what the queue says.',
    }),
});

export const ReviewTarget = z
  .discriminatedUnion('type', [CourseReviewTarget, GroupReviewTarget], {
    error: "must be 'course' (one course) or 'group' (a whole course group)",
  })
  .register(z.globalRegistry, {
    description:
      'What the request asks to publish: one course (`course`), or every course of a course group (`group`), as a manual publish of the group would.',
  });
export type ReviewTarget = z.infer<typeof ReviewTarget>;

export const ReviewCourse = z.object({
  courseId: z.string(),
  title: z
    .string()
    .register(z.globalRegistry, { description: 'The course title when the request was made.' }),
  version: z.nullable(z.int()).register(z.globalRegistry, {
    description:
      'The course history version the request covers (its latest when made); null when Lectern kept no version of it yet.',
  }),
  publishedVersion: z.nullable(z.int()).register(z.globalRegistry, {
    description:
      'The latest history version in which the course was published; null when none was.',
  }),
  changed: z.boolean().register(z.globalRegistry, {
    description: 'The course has a later history version than the one the request covers.',
  }),
  counts: z.nullable(VersionCounts).register(z.globalRegistry, {
    description:
      'What changed from `publishedVersion` (or the first version) to `version`, counted as the history compares them; null when there is nothing to compare (no version, or the versions are the same). Given for requests waiting for review only.',
  }),
});
export type ReviewCourse = z.infer<typeof ReviewCourse>;

export const PublishRequest = z.object({
  id: z.uuid(),
  target: ReviewTarget,
  note: z
    .string()
    .register(z.globalRegistry, { description: "The requester's note to the reviewer." }),
  state: ReviewState,
  requestedBy: z.string(),
  requestedAt: z.iso.datetime(),
  version: z.nullable(z.int()).register(z.globalRegistry, {
    description:
      'The course history version the request asks to publish (its latest when made); null when Lectern kept no version of the course yet, and for a group request (see `courses`).',
  }),
  publishedVersion: z.nullable(z.int()).register(z.globalRegistry, {
    description:
      'The latest history version in which the course was published; null when none was, and for a group request. The changes under review are those from it to `version`.',
  }),
  stale: z.boolean().register(z.globalRegistry, {
    description:
      'The course changed after the request was made (its history has a later version): the reviewer would publish more than was asked. For a group: one of its courses, or the group itself, changed, or a course joined it.',
  }),
  courses: z.array(ReviewCourse).register(z.globalRegistry, {
    description:
      'A group request: each course of the group when it was asked, with what changed since its last published version. Empty for a course request.',
  }),
  checksReport: z.nullable(CourseCheckReport).register(z.globalRegistry, {
    description:
      'The course checks report of the version asked for, as the checks endpoint answered when the request was made; null when no report was available, and for a group request.',
  }),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.iso.datetime()),
  comment: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: "The reviewer's comment (required to decline)." }),
  outcome: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'What the approval did, in a sentence; null until approved. A request pending again says why: the server sending its approved publish stopped, and its status could not be checked afterwards.',
  }),
});
export type PublishRequest = z.infer<typeof PublishRequest>;

export const CreatePublishRequestBody = z.object({
  target: ReviewTarget,
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'say what the reviewer should know'),
      z.maxLength(2000, 'must be at most 2000 characters'),
    ),
});
export type CreatePublishRequestBody = z.input<typeof CreatePublishRequestBody>;

export const DeclineBody = z.object({
  comment: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'say why it is declined'),
      z.maxLength(2000, 'must be at most 2000 characters'),
    ),
});

export const ApproveBody = z.object({
  comment: z.optional(
    z.string().check(z.trim(), z.maxLength(2000, 'must be at most 2000 characters')),
  ),
});

export const ReviewListQuery = z.object({
  view: z._default(z.enum(['pending', 'decided']), 'pending').register(z.globalRegistry, {
    description:
      '`pending`: waiting for a reviewer, oldest first; `decided`: the latest 100, newest first.',
  }),
  mine: z
    .pipe(
      z._default(z.enum(['true', 'false']), 'false'),
      z.transform((value) => value === 'true'),
    )
    .register(z.globalRegistry, { description: "Only the signed-in person's own requests." }),
});

export const PublishRequestList = z.object({ requests: z.array(PublishRequest) });
export type PublishRequestList = z.infer<typeof PublishRequestList>;

export const ReviewCount = z.object({
  pending: z
    .int()
    .check(z.gte(0))
    .register(z.globalRegistry, { description: 'Requests waiting for a reviewer.' }),
});

const RequestParams = z.object({ id: z.uuid('must be an id') });
const DECIDED: { status: number; error: 'conflict'; when: string } = {
  status: 409,
  error: 'conflict',
  when: 'The request was decided already.',
};

export const listPublishRequests = consoleEndpoint({
  operationId: 'listPublishRequests',
  method: 'GET',
  path: '/api/reviews',
  summary: 'Publish requests: pending or decided; all of them for admins, their own for others.',
  access: 'role',
  query: ReviewListQuery,
  response: PublishRequestList,
});

export const countPendingReviews = consoleEndpoint({
  operationId: 'countPendingReviews',
  method: 'GET',
  path: '/api/reviews/count',
  summary: 'How many publish requests wait for a reviewer (the header badge).',
  access: ['admin'],
  response: ReviewCount,
});

export const createPublishRequest = consoleEndpoint({
  operationId: 'createPublishRequest',
  method: 'POST',
  path: '/api/reviews',
  summary: 'Asks an admin to publish a course or a whole course group, with a note.',
  access: ['contentManager', 'admin'],
  body: CreatePublishRequestBody,
  response: PublishRequest,
  errors: [
    {
      status: 409,
      error: 'conflict',
      when: 'A request for this course (or course group) is pending already.',
    },
    {
      status: 404,
      error: 'not_found',
      when: 'A group request: no course group has this id on the instance.',
    },
  ],
});

export const approvePublishRequest = consoleEndpoint({
  operationId: 'approvePublishRequest',
  method: 'POST',
  path: '/api/reviews/{id}/approve',
  summary:
    'Publishes the course (or group) through the manual publish path and settles the request.',
  description:
    'The course (or the group and all its courses) is read, the publish status check decides what to send, and each write is audited under the approving admin. A refusal of the instance settles the request as `failed` with its reason.',
  access: ['admin'],
  params: RequestParams,
  body: ApproveBody,
  response: PublishRequest,
  errors: [{ status: 404, error: 'not_found', when: 'No request has this id.' }, DECIDED],
});

export const declinePublishRequest = consoleEndpoint({
  operationId: 'declinePublishRequest',
  method: 'POST',
  path: '/api/reviews/{id}/decline',
  summary: 'Declines a publish request with a comment for the requester.',
  access: ['admin'],
  params: RequestParams,
  body: DeclineBody,
  response: PublishRequest,
  errors: [{ status: 404, error: 'not_found', when: 'No request has this id.' }, DECIDED],
});

export const REVIEWS_INTRO = [
  'Content managers ask for a course, or a whole course group, to be published; admins approve or decline.',
  'Approving publishes through the status check and audit of a manual publish. Each request names the',
  'history version it asks for and the last published one (for a group: per course), and is `stale` once',
  'the course (for a group: any of its courses, or the group) has a later version.',
].join(' ');

export const REVIEWS_ENDPOINTS = [
  listPublishRequests,
  countPendingReviews,
  createPublishRequest,
  approvePublishRequest,
  declinePublishRequest,
] as const;
