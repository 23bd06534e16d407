// Events for the alert tests, stored the way the relay stores them (normalizeEvent, insertPage), and
// the relay's per-kind state set as its pollers would.
import { randomUUID } from 'node:crypto';
import { normalizeEvent } from '../../../src/server/relay/normalize-event.ts';
import type { RelayRepository } from '../../../src/server/storage/relay-repository.ts';

export const LEARNER = {
  id: '7d4c0f0e-3a9b-4d55-9d1a-0b6f3c2e8a11',
  email: 'bea@lectern.test',
  firstName: 'Bea',
  lastName: 'Quist',
};
export const COURSE = { id: '2b1f6a3e-5c7d-4e8f-9a0b-1c2d3e4f5a6b', title: 'Fire safety' };

export async function storeQuizAttempts(
  repo: RelayRepository,
  count: number,
  timestamp: number,
  passed = false,
  course: { id: string; title: string } = COURSE,
): Promise<void> {
  const events = Array.from({ length: count }, () =>
    normalizeEvent('quizAttempt', {
      id: randomUUID(),
      kind: 'quizAttempt',
      timestamp,
      learner: LEARNER,
      course,
      learningPath: null,
      topicId: randomUUID(),
      data: { attemptId: randomUUID(), score: passed ? 90 : 40, passingScore: 70, passed },
    }),
  );
  await repo.insertPage(
    'quizAttempt',
    events.map((event) => event!),
    timestamp,
  );
}

export async function storeCompletion(repo: RelayRepository, timestamp: number): Promise<void> {
  const event = normalizeEvent('courseCompletion', {
    id: randomUUID(),
    kind: 'courseCompletion',
    timestamp,
    learner: LEARNER,
    course: COURSE,
    learningPath: null,
    topicId: null,
    data: { enrollmentId: randomUUID(), progressPercent: 100 },
  });
  await repo.insertPage('courseCompletion', [event!], timestamp);
}
