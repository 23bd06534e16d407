// One learner as the relay's stored history tells it (issue 25, the learner page): who they are, how many
// events of each kind, and where they stand in each course and learning path they touched. Everything
// comes from the events the relay stored; the timeline itself is read through `listEvents` with
// `learnerId` set to the learner's id.
import { z } from 'zod';
import { EventKind } from '../enums.ts';
import { consoleEndpoint } from './endpoint.ts';

export const LearnerParams = z.object({
  learnerId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ description: 'The learner id the events carry.' }),
});

export const LearnerIdentity = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type LearnerIdentity = z.infer<typeof LearnerIdentity>;

const when = z.iso.datetime().nullable();

/**
 * Where the learner stands in one course or learning path, from its events (null: no such event). "First"
 * is the earliest by event time.
 */
export const LearnerResource = z.object({
  id: z.string(),
  title: z
    .string()
    .meta({ description: 'The title the latest event about it carried (the feed names it).' }),
  events: z.int().nonnegative(),
  enrolledAt: when.meta({ description: 'The first enrollment event.' }),
  startedAt: when.meta({ description: 'The first `started` action.' }),
  completedAt: when.meta({
    description:
      'Courses: the first completion event (or `completed` action); learning paths: the first `completed` action.',
  }),
  certificateAt: when.meta({ description: 'Courses: the first certificate event.' }),
  progressPercent: z
    .number()
    .nullable()
    .meta({ description: 'The progress the latest event that gives one says.' }),
  lastEventAt: z.iso.datetime(),
});
export type LearnerResource = z.infer<typeof LearnerResource>;

export const LearnerSummary = z.object({
  learner: LearnerIdentity.nullable().meta({
    description:
      'Name and email as the latest stored event gives them; null when no event of this learner is stored.',
  }),
  total: z.int().nonnegative(),
  byKind: z.partialRecord(EventKind, z.int().nonnegative()).meta({
    description: 'Stored events per kind (kinds without one are absent).',
  }),
  firstEventAt: when,
  lastEventAt: when,
  courses: z.array(LearnerResource).meta({ description: 'Latest activity first.' }),
  learningPaths: z.array(LearnerResource).meta({ description: 'Latest activity first.' }),
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
