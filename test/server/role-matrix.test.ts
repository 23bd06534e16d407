// The full role x route matrix over every endpoint of the contract: who is refused (with which status and
// message) and who is forwarded to the sandbox. A refused call must never reach the upstream.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRole } from '#contract/console/access.ts';
import { ENDPOINTS, type Endpoint } from '#contract/index.ts';
import { REFUSALS } from '../../src/server/proxy/role-policy.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const SAMPLE_PARAMS: Record<string, string> = {
  id: randomUUID(),
  courseId: randomUUID(),
  sectionId: randomUUID(),
  lessonId: randomUUID(),
  type: 'courses',
  kind: 'courseAction',
  slug: 'a-slug',
};

function concretePath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (endpoint.operationId === 'getJob') return 'job-1';
    return SAMPLE_PARAMS[name]!;
  });
}

/** A harmless body that passes the content manager's inspection where it applies. */
function sampleBody(endpoint: Endpoint): {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
} {
  if (endpoint.method === 'GET') return {};
  if (endpoint.operationId === 'uploadTranslation')
    return { rawBody: '<xliff version="1.2"/>', headers: { 'content-type': 'text/xml' } };
  if (endpoint.operationId === 'createCourses')
    return { body: { courseAttributes: [{ title: 'Matrix course', kind: 'courseGroup' }] } };
  if (endpoint.operationId === 'updateCourses')
    return {
      body: { courseAttributes: { courseGroups: [{ id: randomUUID(), title: 'Renamed' }] } },
    };
  if (endpoint.operationId === 'releaseContent')
    return { body: { kind: 'course', action: 'release' } };
  return { body: { items: [] } };
}

type Expected = { forwarded: true } | { status: number; error: string; message: string };

const CONTENT_MANAGER_ALLOWED = new Set(['createCourses', 'updateCourses', 'uploadTranslation']);

function expected(role: ConsoleRole | null | 'anonymous', endpoint: Endpoint): Expected {
  if (role === 'anonymous')
    return { status: 401, error: 'unauthenticated', message: 'Sign in to continue.' };
  if (role === null)
    return {
      status: 403,
      error: 'no_access',
      message:
        'Your account has no access to this console. Ask an administrator to grant you a role.',
    };
  if (endpoint.method === 'GET' || role === 'admin') return { forwarded: true };
  if (role === 'support')
    return { status: 403, error: 'forbidden', message: REFUSALS.supportReadOnly };
  if (endpoint.operationId === 'releaseContent')
    return { status: 403, error: 'forbidden', message: REFUSALS.releaseContent };
  if (CONTENT_MANAGER_ALLOWED.has(endpoint.operationId)) return { forwarded: true };
  return { status: 403, error: 'forbidden', message: REFUSALS.adminOnly(endpoint.operationId) };
}

describe('role x route matrix', () => {
  let h: Harness;
  const cookies = new Map<ConsoleRole | null | 'anonymous', string | undefined>();
  beforeAll(async () => {
    h = await startHarness();
    cookies.set('anonymous', undefined);
    cookies.set(null, await h.sessionCookie('nobody@lectern.test', null));
    cookies.set('support', await h.sessionCookie('support@lectern.test', 'support'));
    cookies.set('contentManager', await h.sessionCookie('manager@lectern.test', 'contentManager'));
    cookies.set('admin', await h.sessionCookie('admin@lectern.test', 'admin'));
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    expect(h.logLeaks).toEqual([]);
    await h.close();
  });

  const roles = ['anonymous', null, 'support', 'contentManager', 'admin'] as const;
  it('covers every endpoint of the contract', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(38);
  });

  for (const role of roles)
    for (const endpoint of ENDPOINTS as readonly Endpoint[]) {
      const want = expected(role, endpoint);
      const label = 'forwarded' in want ? 'forwarded' : `${want.status} ${want.error}`;
      it(`${String(role)} ${endpoint.method} ${endpoint.path} -> ${label}`, async () => {
        const path = `/api/v2${concretePath(endpoint)}`;
        const before = h.upstreamRequests.length;
        const response = await h.http.send(endpoint.method, path, {
          ...sampleBody(endpoint),
          cookie: cookies.get(role),
        });
        if ('forwarded' in want) {
          expect(response.headers['x-lectern-source']).toBe('upstream');
          // The course history reads the courses a write changes first: those reads are its own.
          expect(h.forwardedSince(before)).toHaveLength(1);
          const seen = h.forwardedSince(before)[0]!;
          expect(seen.method).toBe(endpoint.method);
          expect(seen.url.split('?')[0]).toBe(`/incoming/v2${concretePath(endpoint)}`);
        } else {
          expect(response.status).toBe(want.status);
          expect(response.body).toEqual({ error: want.error, message: want.message });
          expect(response.headers['x-lectern-source']).toBeUndefined();
          expect(h.forwardedSince(before)).toEqual([]);
        }
      });
    }
});
