// Content and learners for feed, simulator and GraphQL tests: published courses created through the
// real create endpoint, learning paths (no REST create exists) and learners inserted directly.
import { randomUUID } from 'node:crypto';
import { seedAccounts, type DemoAccount } from '../../src/sandbox/seed/demo-learners.ts';
import type { TestSandbox } from './sandbox.ts';

export const FIXTURE_PASSWORD = 'Fixture!2345';

const lesson = (title: string, types: string[]) => ({
  title,
  openType: 'studentsOnly',
  topics: types.map((type, i) => ({ title: `${title} topic ${i + 1}`, type })),
});

/** Creates `published` courses with article, video, quiz, test and assignment topics, plus one draft. */
export async function createCourses(
  s: TestSandbox,
  published = 3,
): Promise<{ publishedIds: string[]; draftId: string }> {
  const attributes = (title: string, status: string) => ({
    title,
    kind: 'courseGroup',
    status,
    sections: [
      {
        title: 'Basics',
        lessons: [
          lesson('Intro', ['article', 'video', 'quiz']),
          lesson('Practice', ['test', 'assignment']),
        ],
      },
    ],
  });
  const res = await s.api('POST', '/content/course/create', {
    courseAttributes: [
      ...Array.from({ length: published }, (_, i) =>
        attributes(`Published course ${i + 1}`, 'published'),
      ),
      attributes('Draft course', 'draft'),
    ],
  });
  if (res.status !== 200) throw new Error(`course create failed: ${res.status} ${res.text}`);
  const ids = res.body.courseIds as string[];
  return { publishedIds: ids.slice(0, published), draftId: ids[published]! };
}

export function createLearningPath(s: TestSandbox, status = 'published'): string {
  const id = randomUUID();
  const at = new Date().toISOString();
  s.sandbox.db
    .prepare(
      `INSERT INTO learning_paths (id, company_id, title, slug, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, s.sandbox.company.id, `Path ${id.slice(0, 8)}`, `path-${id}`, status, at, at);
  return id;
}

export function learnerAccounts(count: number, prefix = 'fixture'): DemoAccount[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i + 1}@example.test`,
    password: FIXTURE_PASSWORD,
    firstName: `First${i + 1}`,
    lastName: `Last${i + 1}`,
  }));
}

export function createLearners(
  s: TestSandbox,
  accounts: readonly DemoAccount[],
): Promise<string[]> {
  return seedAccounts(s.sandbox.db, s.sandbox.company.id, accounts);
}

/** POST /sandbox/activity; throws unless 200. */
export async function simulate(s: TestSandbox, count: number, kinds?: string[]) {
  const res = await s.raw('POST', '/sandbox/activity', kinds ? { count, kinds } : { count }, {
    authorization: `Bearer ${s.secretKey}`,
  });
  if (res.status !== 200) throw new Error(`activity failed: ${res.status} ${res.text}`);
  return res.body as {
    created: Record<string, number>;
    total: number;
    unavailable?: Record<string, string>;
  };
}

/** PUT /sandbox/settings; throws unless 200. */
export async function putSettings(s: TestSandbox, settings: Record<string, unknown>) {
  const res = await s.raw('PUT', '/sandbox/settings', settings, {
    authorization: `Bearer ${s.secretKey}`,
  });
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${res.text}`);
  return res.body;
}
