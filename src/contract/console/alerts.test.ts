// The sentences alert rules and alerts say: one event in the singular, titles for a course filter.
import { describe, expect, it } from 'vitest';
import { AlertCondition, countOfKind, describeCondition } from './alerts.ts';

const burst = (threshold: number, match = {}) =>
  AlertCondition.parse({ type: 'burst', kind: 'quizAttempt', threshold, windowMinutes: 5, match });

describe('alert sentences', () => {
  it('count one event in the singular and others in the plural', () => {
    expect(countOfKind(1, 'quizAttempt')).toBe('1 quiz attempt');
    expect(countOfKind(0, 'courseCertificate')).toBe('0 certificates');
    expect(countOfKind(1200, 'assignmentSubmission')).toBe('1,200 assignment submissions');
    expect(describeCondition(burst(1))).toBe('More than 1 quiz attempt within 5 minutes');
    expect(describeCondition(burst(2))).toBe('More than 2 quiz attempts within 5 minutes');
  });

  it('name a course filter by the words given for it, else by its id', () => {
    const id = '6c1e4d5f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
    const filtered = burst(3, { course: id, quizResult: 'failed' });
    expect(describeCondition(filtered, 'course “Fire safety”')).toBe(
      'More than 3 quiz attempts (failed only, course “Fire safety”) within 5 minutes',
    );
    expect(describeCondition(filtered)).toBe(
      `More than 3 quiz attempts (failed only, course or learning path ${id}) within 5 minutes`,
    );
  });
});
