// Polling the course checks as the console does: the first answer, then with the running check's version
// until the report is there.
import { expect } from 'vitest';
import type { CourseCheckReport, CourseChecksAnswer } from '#contract/console/course-checks.ts';
import type { Harness } from './console-harness.ts';

/** Polls the checks until done, as the console does; returns every answer's status too. */
export async function pollChecks(
  h: Harness,
  courseId: string,
  cookie: string,
  query = '',
): Promise<{ report: CourseCheckReport; statuses: number[] }> {
  const statuses: number[] = [];
  let path = `/api/courses/${courseId}/checks${query}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await h.http.get(path, { cookie });
    statuses.push(response.status);
    const answer = response.body as CourseChecksAnswer;
    if (response.status === 200 && answer.state === 'done') return { report: answer, statuses };
    if (response.status !== 202 || answer.state !== 'running')
      throw new Error(`checks answered ${response.status} ${response.text}`);
    expect(response.headers['retry-after']).toBe('1');
    path = `/api/courses/${courseId}/checks?version=${answer.version}`;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the check did not finish');
}
