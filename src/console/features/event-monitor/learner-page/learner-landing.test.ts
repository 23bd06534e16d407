import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getLearnerSummary, type LearnerSummary } from '#contract/console/learners.ts';
import { listEvents } from '#contract/console/relay.ts';
import { consoleUrl } from '../../../lib/console-api.ts';
import { userQueries } from '../../../lib/queries/users.ts';
import { learnerQueries, USERS_LISTS } from './learner-data.ts';
import {
  FIRST_TIMELINE_PAGE,
  LATEST_SHOWN,
  learnerLandingUrls,
} from '#contract/console/landing-urls.ts';
import type { LearnerLanding } from './learner-landing.ts';

const LEARNER = 'a0b1c2d3-0000-4000-8000-000000000001';
const FILTER = { kinds: 'quizAttempt,courseCompletion', from: '2026-11-01T00:00:00.000Z' };

const SUMMARY: LearnerSummary = {
  learner: { id: LEARNER, email: 'ada@lectern.test', firstName: 'Ada', lastName: 'Byron' },
  total: 0,
  firstEventAt: null,
  lastEventAt: null,
  byKind: {},
  courses: [],
  learningPaths: [],
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

const landing = (summary: Promise<Response | null>): LearnerLanding => ({
  filter: {},
  summary,
  timeline: Promise.resolve(null),
  latest: { quizAttempt: Promise.resolve(null), assignmentSubmission: Promise.resolve(null) },
});

describe('the learner page on landing', () => {
  it('asks the same URLs as its queries do through the contract', () => {
    const urls = learnerLandingUrls(LEARNER, FILTER);
    expect(urls.summary).toBe(consoleUrl(getLearnerSummary, { params: { learnerId: LEARNER } }));
    expect(urls.timeline).toBe(
      consoleUrl(listEvents, {
        query: {
          learnerId: LEARNER,
          kind: FILTER.kinds,
          from: FILTER.from,
          limit: FIRST_TIMELINE_PAGE,
        },
      }),
    );
    expect(urls.latest.quizAttempt).toBe(
      consoleUrl(listEvents, {
        query: { learnerId: LEARNER, kind: 'quizAttempt', limit: LATEST_SHOWN },
      }),
    );
    expect(urls.latest.assignmentSubmission).toBe(
      consoleUrl(listEvents, {
        query: { learnerId: LEARNER, kind: 'assignmentSubmission', limit: LATEST_SHOWN },
      }),
    );
  });

  it("finds the Users screen's lists by their key", () => {
    expect(USERS_LISTS).toEqual(userQueries.all);
  });

  it("takes a landed answer that matches the contract as the query's data", async () => {
    const client = new QueryClient();
    const data = await client.fetchQuery(
      learnerQueries.summary(LEARNER, landing(answer(200, SUMMARY))),
    );
    expect(data).toEqual(SUMMARY);
  });

  // Here (no console server) asking again fails as a network error: the landed answer was not used.
  it.each([
    ['an error status', answer(403, { error: 'forbidden', message: 'Not allowed' })],
    ['a body outside the contract', answer(200, { ...SUMMARY, total: 'many' })],
    ['no answer (signed out)', Promise.resolve(null)],
  ])('asks again through the API client after %s', async (_, landed) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(
      client.fetchQuery(learnerQueries.summary(LEARNER, landing(landed))),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      status: null,
      messages: ['The console server could not be reached. Check your connection and try again.'],
    });
  });
});
