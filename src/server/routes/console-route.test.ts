// The route helper on a bare Fastify app (no database, no listen): the order of its checks, the audit
// row before the handler, the answer held to the contract, and the contract as the only way into /api.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from '#contract/zod.ts';
import { consoleEndpoint } from '#contract/console/endpoint.ts';
import type { AuditDraft, AuditTrailService } from '../audit/audit-trail-service.ts';
import type { ConsoleSession } from '../auth/session-service.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { consoleRoutes, enforceContract } from './console-route.ts';

const renameThing = consoleEndpoint({
  operationId: 'renameThing',
  method: 'PUT',
  path: '/api/things/{id}',
  summary: 'Renames a thing.',
  access: ['admin'],
  params: z.object({ id: z.string().check(z.regex(/^\d+$/, 'must be a number')) }),
  body: z.object({ title: z.string().check(z.minLength(1, 'is required')) }),
  response: z.object({ id: z.string(), title: z.string() }),
});

const listThings = consoleEndpoint({
  operationId: 'listThings',
  method: 'GET',
  path: '/api/things',
  summary: 'Every thing.',
  access: 'role',
  response: z.object({ things: z.array(z.string()) }),
});

const removeThing = consoleEndpoint({
  operationId: 'removeThing',
  method: 'DELETE',
  path: '/api/things/{id}',
  summary: 'Removes a thing.',
  access: 'session',
  params: z.object({ id: z.string() }),
  response: null,
});

const session = (role: ConsoleSession['role']): ConsoleSession => ({
  idHash: 'h',
  email: 'ada@lectern.test',
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: 0,
  lastSeenAt: 0,
  expiresAt: 1,
  signInMethod: 'instance',
  role,
});

/** Requests say who they are with `x-role` (`none` for a role-less session); no header: no session. */
function testApp() {
  const app = Fastify();
  const events: string[] = [];
  const drafts: AuditDraft[] = [];
  app.decorateRequest('consoleSession', null);
  app.decorateRequest('audit', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const role = request.headers['x-role'];
    if (typeof role === 'string')
      request.consoleSession = session(role === 'none' ? null : (role as 'admin'));
    if (request.method !== 'GET') {
      request.audit = {
        operation: 'unknown',
        route: `${request.method} ${request.url}`,
        path: request.url,
        summary: `${request.method} ${request.url}`,
        bodySha256: null,
        bodyBytes: null,
        upstreamStatus: null,
        jobId: null,
        refusal: null,
      };
      drafts.push(request.audit);
    }
  });
  registerErrorHandler(app);
  const auditTrail = {
    begin: async (request: FastifyRequest) => {
      events.push(`begin ${request.audit?.operation}: ${request.audit?.summary}`);
    },
  } as unknown as AuditTrailService;
  return { app, events, drafts, route: consoleRoutes(app, auditTrail) };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('consoleRoutes', () => {
  it('checks the role before the input, names the audit row first, writes it before the handler', async () => {
    const { app, events, drafts, route } = testApp();
    open = app;
    route(renameThing, {
      audit: {
        describe: ({ params, body }) => ({ summary: `rename ${params.id} to ${body.title}` }),
      },
      handler: async ({ params, body }) => {
        events.push('handler');
        return { id: params.id, title: body.title };
      },
    });
    const put = (role: string | undefined, id: string, body: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/things/${id}`,
        headers: role ? { 'x-role': role } : {},
        payload: body as object,
      });

    // Bad input from a support user: the role is refused first, and the refusal is named.
    const refused = await put('support', 'x', { title: '' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Refused: this needs the admin role; you are support.',
    });
    expect(drafts.at(-1)).toMatchObject({
      operation: 'renameThing',
      route: 'PUT /api/things/:id',
    });
    expect((await put(undefined, '1', { title: 'A' })).statusCode).toBe(401);
    expect((await put('none', '1', { title: 'A' })).json().error).toBe('no_access');

    const bad = await put('admin', 'x', { title: 'A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_request', message: 'id: must be a number' });
    expect((await put('admin', '1', { title: '' })).json().message).toBe('title: is required');
    expect(events).toEqual([]);

    const done = await put('admin', '7', { title: 'Seven' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: '7', title: 'Seven' });
    expect(events).toEqual(['begin renameThing: rename 7 to Seven', 'handler']);
  });

  it('answers what the response schema keeps, and a 500 when the server breaks its contract', async () => {
    const { app, route } = testApp();
    open = app;
    let answer: unknown = { things: ['a'], secret: 'never sent' };
    route(listThings, { handler: async () => answer as { things: string[] } });
    const get = () =>
      app.inject({ method: 'GET', url: '/api/things', headers: { 'x-role': 'support' } });
    expect((await get()).json()).toEqual({ things: ['a'] });
    answer = { things: 'a' };
    const broken = await get();
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: 'internal', message: 'Internal server error.' });
  });

  it('answers 204 for an endpoint without a body; a role-less session may call a session endpoint', async () => {
    const { app, events, route } = testApp();
    open = app;
    route(removeThing, {
      audit: { summary: (request) => `remove ${request.url}` },
      handler: async () => {
        events.push('handler');
      },
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/things/3',
      headers: { 'x-role': 'none' },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(events).toEqual(['begin removeThing: remove /api/things/3', 'handler']);
  });
});

describe('enforceContract', () => {
  it('stops the start on an /api route that is not in the contract', async () => {
    const app = Fastify();
    enforceContract(app, [], '/api/v2');
    expect(() => app.get('/api/things', async () => ({}))).toThrow(
      'GET /api/things is not in the console API contract: declare it in src/contract/console and register it with consoleRoutes (routes/console-route.ts).',
    );
    // The proxy and everything outside /api are not the contract's business.
    app.get('/api/v2/*', async () => ({}));
    app.get('/index.html', async () => '');
    await app.close();
  });

  it('stops the start when a contract endpoint has no route', async () => {
    const { app, route } = testApp();
    const allServed = enforceContract(app, [listThings, renameThing], '/api/v2');
    route(listThings, { handler: async () => ({ things: [] }) });
    expect(allServed).toThrow('Contract endpoints without a route: PUT /api/things/{id}');
    await app.close();
  });
});
