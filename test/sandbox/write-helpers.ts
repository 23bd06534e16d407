// Helpers for the write-path tests: fixtures through the real API, row counts straight from SQLite
// (to prove a rejected request changed nothing).
import { expect } from 'vitest';
import type { TestSandbox } from '../helpers/sandbox.ts';

export const CONTENT_TABLES = [
  'course_groups',
  'courses',
  'sections',
  'lessons',
  'topics',
  'completion_criteria',
  'jobs',
  'job_uploads',
] as const;

export function rowCounts(s: TestSandbox): Record<string, number> {
  return Object.fromEntries(
    CONTENT_TABLES.map((table) => [
      table,
      (s.sandbox.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  );
}

/** Runs `request` and asserts it changed no content row. */
export async function expectNoChange<T>(s: TestSandbox, request: () => Promise<T>): Promise<T> {
  const before = rowCounts(s);
  const result = await request();
  expect(rowCounts(s)).toEqual(before);
  return result;
}

export async function createTag(s: TestSandbox, name: string, key = s.secretKey): Promise<string> {
  const res = await s.raw('POST', '/sandbox/tags', { name }, { authorization: `Bearer ${key}` });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

export async function createCompany(s: TestSandbox, name = 'Other Co') {
  const res = await s.raw(
    'POST',
    '/sandbox/companies',
    { name },
    {
      authorization: `Bearer ${s.secretKey}`,
    },
  );
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; secretKey: string };
}

export async function createKey(s: TestSandbox, permissions: string[]): Promise<string> {
  const res = await s.raw(
    'POST',
    '/sandbox/keys',
    { permissions },
    {
      authorization: `Bearer ${s.secretKey}`,
    },
  );
  expect(res.status).toBe(201);
  return res.body.key as string;
}

export async function putSettings(s: TestSandbox, settings: Record<string, unknown>) {
  const res = await s.raw('PUT', '/sandbox/settings', settings, {
    authorization: `Bearer ${s.secretKey}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Ribbons and content types are company configuration with no API: tests add rows. */
export function addRibbon(s: TestSandbox, slug: string, companyId = s.sandbox.company.id): void {
  s.sandbox.db
    .prepare('INSERT OR IGNORE INTO ribbons (company_id, slug, label) VALUES (?, ?, ?)')
    .run(companyId, slug, slug);
}
export function addContentType(s: TestSandbox, slug: string, companyId = s.sandbox.company.id) {
  s.sandbox.db
    .prepare('INSERT OR IGNORE INTO content_types (company_id, slug, label) VALUES (?, ?, ?)')
    .run(companyId, slug, slug);
}

export interface Created {
  courseIds: string[];
  courseGroupIds: string[];
  backgroundJob?: { id: string; contentUploads: unknown[] };
}

export async function create(
  s: TestSandbox,
  courseAttributes: unknown[],
  key?: string,
): Promise<Created> {
  const res = await s.api('POST', '/content/course/create', { courseAttributes }, key);
  expect(res.status, res.text).toBe(200);
  return res.body as Created;
}

export async function update(s: TestSandbox, courseAttributes: Record<string, unknown>) {
  return s.api('PUT', '/content/course/update', { courseAttributes });
}

export async function updateOk(s: TestSandbox, courseAttributes: Record<string, unknown>) {
  const res = await update(s, courseAttributes);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The structure tree of a course, through the read endpoint. */
export async function structure(s: TestSandbox, courseId: string) {
  const res = await s.api('GET', `/courses/${courseId}/structure`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function group(s: TestSandbox, groupId: string) {
  const res = await s.api('GET', `/courseGroups/${groupId}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function coursesOf(s: TestSandbox, groupId: string) {
  const res = await s.api('GET', `/courseGroups/${groupId}/courses`);
  expect(res.status, res.text).toBe(200);
  return res.body.courses as Record<string, unknown>[];
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A courseGroup entry with one section, one lesson and the given topics. */
export const withTopics = (title: string, topics: unknown[]) => ({
  title,
  kind: 'courseGroup',
  sections: [{ title: 'Section', lessons: [{ title: 'Lesson', openType: 'open', topics }] }],
});
