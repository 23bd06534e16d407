// The console's API client over real HTTP against a small local server that answers the way the
// console server and the Content API do: both 400 shapes, 401, 403 no_access, 429 + Retry-After, 502.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from '#contract/zod.ts';
import { CourseGroupList } from '#contract/schemas/read-models.ts';
import { createApiClient, UPSTREAM_KEY_REFUSED, type ThrottleNotice } from './api-client.ts';
import { ApiError } from './api-error.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
let handler: Handler;
let server: Server;
let origin: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
  [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const reply =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  reply(status, JSON.stringify(value), { 'content-type': 'application/json', ...headers });

const noWait = async () => undefined;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const group = {
  id: '0b9f6a2e-6c3a-4c64-9d0b-2f8e0e3b1a11',
  title: 'Intro',
  slug: 'intro',
  kind: 'courseGroup',
  status: 'published',
  isTemplate: false,
  language: 'en',
  contentType: 'course',
  authors: [],
  source: null,
  description: '',
  displayCourseId: '6f1f7a9c-8f41-4a55-9b6e-0c7a2b3c4d5e',
  courseCount: 1,
};

describe('api client', () => {
  it('parses a success body with the contract schema and sends arrays as repeated keys', async () => {
    handler = json(200, {
      pageInfo: { perPage: 1, total: 1, hasMore: false },
      courseGroups: [group],
    });
    const client = createApiClient({ origin });
    const page = await client.request('/api/v2/courseGroups', {
      query: { kind: 'courseGroup', isTemplate: false, cursor: undefined, 'types[]': ['a', 'b'] },
      schema: CourseGroupList,
    });
    expect(page.courseGroups[0]!.title).toBe('Intro');
    expect(seen[0]!.url).toBe(
      '/api/v2/courseGroups?kind=courseGroup&isTemplate=false&types%5B%5D=a&types%5B%5D=b',
    );
    // GET carries no CSRF header; it changes nothing.
    expect(seen[0]!.headers['x-lectern-csrf']).toBeUndefined();
  });

  it('sends the CSRF header and a JSON body on state-changing requests', async () => {
    handler = json(200, true);
    const client = createApiClient({ origin });
    await client.request('/api/v2/content/course/update', {
      method: 'PUT',
      body: { courseAttributes: {} },
      schema: z.literal(true),
    });
    expect(seen[0]!.headers['x-lectern-csrf']).toBe('1');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ courseAttributes: {} });
  });

  it('sends an XML document as text/xml and reads a text answer as it came', async () => {
    const xml = '<xliff version="1.2"><file target-language="fr"/></xliff>';
    handler = reply(200, xml, { 'content-type': 'text/xml' });
    const client = createApiClient({ origin });
    const text = await client.request('/api/v2/content/courses/1.xlf', {
      method: 'PUT',
      xml,
      schema: z.string(),
      responseAs: 'text',
    });
    expect(text).toBe(xml);
    expect(seen[0]!.headers['content-type']).toBe('text/xml');
    expect(seen[0]!.headers['x-lectern-csrf']).toBe('1');
    expect(seen[0]!.body).toBe(xml);
  });

  it('refuses a success body that breaks the contract', async () => {
    handler = json(200, { pageInfo: { perPage: 1, total: 1, hasMore: false }, courseGroups: [{}] });
    const error = await failure(
      createApiClient({ origin }).request('/api/v2/courseGroups', { schema: CourseGroupList }),
    );
    expect(error.kind).toBe('contract');
    expect(error.messages[0]).toMatch(
      /^The server's answer does not match the Content API contract: /,
    );
  });

  it('turns a plain-text 400 into one message', async () => {
    handler = reply(400, 'No items provided', { 'content-type': 'text/plain' });
    const error = await failure(
      createApiClient({ origin }).request('/x', { method: 'POST', body: {}, schema: null }),
    );
    expect(error).toMatchObject({
      kind: 'validation',
      status: 400,
      messages: ['No items provided'],
    });
  });

  it('turns a JSON 400 into its list of messages', async () => {
    handler = json(400, { errors: ['Course at index 0: course must have a non-empty title', 'b'] });
    const error = await failure(
      createApiClient({ origin }).request('/x', { method: 'POST', body: {}, schema: null }),
    );
    expect(error.messages).toEqual(['Course at index 0: course must have a non-empty title', 'b']);
  });

  it('reports 401 to the sign-in hook unless quiet', async () => {
    handler = json(401, { error: 'unauthenticated', message: 'Sign in to continue.' });
    const client = createApiClient({ origin });
    let signIns = 0;
    client.setHooks({ onUnauthenticated: () => signIns++ });
    const error = await failure(client.request('/api/v2/courseGroups', { schema: null }));
    expect(error).toMatchObject({ kind: 'unauthenticated', messages: ['Sign in to continue.'] });
    await failure(client.request('/api/session', { schema: null, quiet: true }));
    expect(signIns).toBe(1);
  });

  it('does not end the session when the instance (not the console) answers 401', async () => {
    handler = reply(401, '', { 'x-lectern-source': 'upstream' });
    const client = createApiClient({ origin });
    let signIns = 0;
    client.setHooks({ onUnauthenticated: () => signIns++ });
    const error = await failure(client.request('/api/v2/courseGroups', { schema: null }));
    expect(error).toMatchObject({ kind: 'server', status: 401, messages: [UPSTREAM_KEY_REFUSED] });
    expect(signIns).toBe(0);
  });

  it('tells no_access apart from other 403s', async () => {
    const client = createApiClient({ origin });
    let noAccess = 0;
    client.setHooks({ onNoAccess: () => noAccess++ });
    handler = json(403, { error: 'no_access', message: 'Your account has no access.' });
    expect((await failure(client.request('/a', { schema: null }))).kind).toBe('no-access');
    handler = json(403, { error: 'forbidden', message: 'Admins only: publishing.' });
    const forbidden = await failure(client.request('/a', { schema: null }));
    expect(forbidden).toMatchObject({ kind: 'forbidden', messages: ['Admins only: publishing.'] });
    expect(noAccess).toBe(1);
  });

  it('waits out a 429 for Retry-After seconds, announcing it, then succeeds', async () => {
    let calls = 0;
    handler = (request, response, body) => {
      calls++;
      if (calls <= 2) return reply(429, '', { 'retry-after': '3' })(request, response, body);
      return json(200, { ok: true })(request, response, body);
    };
    const waits: number[] = [];
    const notices: ThrottleNotice[] = [];
    const ended: number[] = [];
    const client = createApiClient({
      origin,
      now: () => 1_000,
      sleep: async (ms) => void waits.push(ms),
    });
    client.setHooks({
      onThrottleStart: (notice) => notices.push(notice),
      onThrottleEnd: (id) => ended.push(id),
    });
    const result = await client.request('/api/v2/users', { schema: z.object({ ok: z.boolean() }) });
    expect(result).toEqual({ ok: true });
    expect(waits).toEqual([3000, 3000]);
    expect(notices.map((notice) => notice.retryAt)).toEqual([4000, 4000]);
    expect(ended).toEqual(notices.map((notice) => notice.id));
  });

  it('gives up after the allowed waits, and never waits when told not to', async () => {
    handler = json(
      429,
      { error: 'rate_limited', message: 'Too many sign-in attempts.' },
      {
        'retry-after': '1',
      },
    );
    const waits: number[] = [];
    const client = createApiClient({
      origin,
      maxThrottleWaits: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await failure(client.request('/a', { schema: null }));
    expect(error).toMatchObject({ kind: 'throttled', status: 429 });
    expect(waits).toHaveLength(2);
    expect(seen).toHaveLength(3);
    const signIn = await failure(
      client.request('/api/session', {
        method: 'POST',
        body: {},
        schema: null,
        retryThrottled: false,
      }),
    );
    expect(signIn.messages).toEqual(['Too many sign-in attempts.']);
    expect(waits).toHaveLength(2);
  });

  it('maps 502/503/504 and network failures to a retryable "unavailable" error', async () => {
    handler = json(502, {
      error: 'upstream_unavailable',
      message: 'The learning instance could not be reached. Try again.',
    });
    const bad = await failure(createApiClient({ origin }).request('/a', { schema: null }));
    expect(bad).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(bad.retryable).toBe(true);
    handler = reply(504, '');
    const timeout = await failure(createApiClient({ origin }).request('/a', { schema: null }));
    expect(timeout.messages).toEqual([
      'The Content API could not be reached (HTTP 504 Gateway Timeout). Try again.',
    ]);
    const network = await failure(
      createApiClient({ origin: 'http://127.0.0.1:1' }).request('/a', { schema: null }),
    );
    expect(network).toMatchObject({ kind: 'unavailable', status: null });
  });

  it('passes an abort through instead of reporting the server unreachable', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = createApiClient({ origin, sleep: noWait }).request('/slow', {
      schema: null,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
