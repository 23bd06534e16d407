// One learner as the relay's stored history tells it (issue 25, the learner page): who they are, how many
// events of each kind, and where they stand in each course and learning path they touched. Everything
// comes from the events the relay stored; the timeline itself is read through `listEvents` with
// `learnerId` set to the learner's id.
import { z } from '../zod.ts';
import { EventKind } from '../enums.ts';
import { consoleEndpoint } from './endpoint.ts';

export const LearnerParams = z.object({
  learnerId: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(100))
    .register(z.globalRegistry, { description: 'The learner id the events carry.' }),
});

export const LearnerIdentity = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type LearnerIdentity = z.infer<typeof LearnerIdentity>;

const when = z.nullable(z.iso.datetime());

/**
 * Where the learner stands in one course or learning path, from its events (null: no such event). "First"
 * is the earliest by event time.
 */
export const LearnerResource = z.object({
  id: z.string(),
  title: z.string().register(z.globalRegistry, {
    description: 'The title the latest event about it carried (the feed names it).',
  }),
  events: z.int().check(z.nonnegative()),
  enrolledAt: when
    .clone()
    .register(z.globalRegistry, { description: 'The first enrollment event.' }),
  startedAt: when
    .clone()
    .register(z.globalRegistry, { description: 'The first `started` action.' }),
  completedAt: when.clone().register(z.globalRegistry, {
    description:
      'Courses: the first completion event (or `completed` action); learning paths: the first `completed` action.',
  }),
  certificateAt: when
    .clone()
    .register(z.globalRegistry, { description: 'Courses: the first certificate event.' }),
  progressPercent: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'The progress the latest event that gives one says.',
  }),
  lastEventAt: z.iso.datetime(),
});
export type LearnerResource = z.infer<typeof LearnerResource>;

export const LearnerSummary = z.object({
  learner: z.nullable(LearnerIdentity).register(z.globalRegistry, {
    description:
      'Name and email as the latest stored event gives them; null when no event of this learner is stored.',
  }),
  total: z.int().check(z.nonnegative()),
  byKind: z.partialRecord(EventKind, z.int().check(z.nonnegative())).register(z.globalRegistry, {
    description: 'Stored events per kind (kinds without one are absent).',
  }),
  firstEventAt: when,
  lastEventAt: when,
  courses: z
    .array(LearnerResource)
    .register(z.globalRegistry, { description: 'Latest activity first.' }),
  learningPaths: z
    .array(LearnerResource)
    .register(z.globalRegistry, { description: 'Latest activity first.' }),
});
export type LearnerSummary = z.infer<typeof LearnerSummary>;

export const getLearnerSummary = consoleEndpoint({
  operationId: 'getLearnerSummary',
  method: 'GET',
  path: '/api/learners/{learnerId}',
  summary: "A learner's identity, event counts and course and learning path standing.",
  description: [
    'Read from every stored event of the learner (the relay keeps them for',
    '`LECTERN_RELAY_RETENTION_DAYS`). A learner with no stored event is answered with `learner: null`',
    'and zero counts, not 404: the feed may simply not have said anything about them yet.',
  ].join(' '),
  access: 'role',
  params: LearnerParams,
  response: LearnerSummary,
});

export const LEARNERS_INTRO = [
  "One learner's stored history summed up for the learner page; the page's timeline reads",
  '`GET /api/events?learnerId={id}`.',
].join(' ');

export const LEARNERS_ENDPOINTS = [getLearnerSummary] as const;
