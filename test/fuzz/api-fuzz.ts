// The API fuzz run: requests generated from the contract (every endpoint of the OpenAPI document built from
// src/contract, the GraphQL login and the console's own routes) and made hostile (json-arbitraries.ts),
// sent to a real sandbox directly and, as each role, through a real console server in front of it. The
// property: no response is a 5xx, no request goes unanswered, nothing leaks the API key, and both servers
// still answer afterwards. Used by test/fuzz/api-fuzz.test.ts (bounded) and `npm run fuzz` (longer).
import fc from 'fast-check';
import { Agent, request } from 'undici';
import type { ConsoleRole } from '#contract/console/access.ts';
import { buildOpenApiDocument } from '#contract/index.ts';
import { startHarness, type Harness } from '../server/helpers/console-harness.ts';
import { bodyText, oddString, type JsonSchema, type SchemaContext } from './json-arbitraries.ts';

type Target = 'sandbox' | ConsoleRole | 'noRole' | 'anonymous';
const CONSOLE_TARGETS: Target[] = ['admin', 'contentManager', 'support', 'noRole', 'anonymous'];

export interface FuzzRequest {
  family: 'api' | 'graphql' | 'console';
  /** The endpoint or route it was generated from, for the report. */
  name: string;
  method: string;
  /** Path (already percent-encoded, hostile escapes included) and query, below the target's prefix. */
  path: string;
  body?: string;
  contentType?: string;
  /** Sandbox: how the request authenticates. Console: whether the CSRF header and Origin are sent. */
  variant: string;
}

export interface FuzzFailure {
  target: Target;
  request: FuzzRequest;
  outcome: string;
}

export interface FuzzSummary {
  seed: number;
  seconds: number;
  requests: number;
  /** target -> status class (2xx, 3xx, 4xx, 5xx, refused by the client) -> count */
  byTarget: Record<string, Record<string, number>>;
  statuses: Record<string, number>;
  serverErrors: number;
  failures: FuzzFailure[];
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'text/xml',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
];

/** Path segments the router, the allowlist or a handler may trip on; sent as written. */
const HOSTILE_SEGMENTS = [
  '..',
  '%2e%2e',
  '%2F',
  '%5c',
  '%00',
  '%zz',
  '%',
  '%25',
  '%C0%AE',
  '%ED%A0%80',
  '.',
  '__proto__',
  'constructor',
  '%20',
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
];

const QUERY_NAMES = [
  '__proto__',
  'constructor[prototype][x]',
  'a[b][c][d][e]',
  'perPage[]',
  'secretKey',
  'jwt',
  'apiKey',
  'cursor',
  'perPage',
  'kind',
  'startDate',
  'limit',
  'from',
  'to',
  'learner',
  'course',
  'q',
  'lastEventId',
];

const segment = (ids: readonly string[], hostile: boolean): fc.Arbitrary<string> =>
  !hostile
    ? fc.oneof(ids.length ? fc.constantFrom(...ids) : fc.uuid(), fc.uuid())
    : fc.oneof(
        { weight: 4, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid() },
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
        { weight: 2, arbitrary: oddString.map(encodeLoosely) },
      );

/** encodeURIComponent, except for lone surrogates (which it cannot encode): those go as `%ED%A0%80`. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** A query string: the endpoint's parameters (valid or not), hostile extras, duplicates. */
function queryOf(parameters: Parameter[], hostile: boolean): fc.Arbitrary<string> {
  const value = (schema: JsonSchema) =>
    !hostile
      ? schemaScalar(schema, false)
      : fc.oneof(
          { weight: 4, arbitrary: schemaScalar(schema, true) },
          { weight: 2, arbitrary: oddString },
        );
  const own = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) =>
      fc.option(
        value(parameter.schema).map((v) => `${encodeLoosely(parameter.name)}=${encodeLoosely(v)}`),
        {
          freq: 2,
        },
      ),
    );
  if (!hostile)
    return fc.tuple(...own).map((chosen) => {
      const parts = chosen.filter((part): part is string => part !== null);
      return parts.length ? `?${parts.join('&')}` : '';
    });
  const extras = fc.array(
    fc
      .tuple(fc.constantFrom(...QUERY_NAMES), oddString)
      .map(([name, v]) => `${encodeLoosely(name)}=${encodeLoosely(v)}`),
    { maxLength: 2 },
  );
  const rawTail = fc.constantFrom('', '', '', '&', ';secretKey=x', '#frag', '&a=%zz', '&=x', '&x');
  return fc.tuple(fc.tuple(...own), extras, rawTail).map(([chosen, more, tail]) => {
    const parts = [...chosen.filter((part): part is string => part !== null), ...more];
    const query = parts.join('&') + tail;
    return query ? `?${query}` : '';
  });
}

function schemaScalar(schema: JsonSchema, hostile: boolean): fc.Arbitrary<string> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]).map(String));
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = (schema.minimum as number | undefined) ?? 0;
    const max = (schema.maximum as number | undefined) ?? 1000;
    if (!hostile) return fc.integer({ min, max }).map(String);
    return fc.oneof(
      fc.integer({ min, max }).map(String),
      fc.constantFrom(min - 1, max + 1, -0, 1e21, 2 ** 53 + 1).map(String),
      fc.constantFrom('1.5', '1e3', '0x10', ' 5', '5 ', ''),
    );
  }
  if (schema.format === 'uuid') return fc.uuid();
  return fc.string({ maxLength: 20 });
}

function apiRequests(ctx: SchemaContext, paths: Record<string, Record<string, JsonSchema>>) {
  const requests: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [template, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = (operation.parameters as Parameter[]) ?? [];
      const names = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      const path = fc.tuple(...names.map(() => segment(ctx.ids, ctx.hostile))).map((values) => {
        let built = template;
        names.forEach((name, i) => (built = built.replace(`{${name}}`, values[i]!)));
        return built;
      });
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> }
      )?.content;
      const json = content?.['application/json']?.schema;
      const xml = content?.['text/xml'] !== undefined;
      const body = json
        ? bodyText(json, ctx).map((text) => ({ text, type: 'application/json' }))
        : xml
          ? fc
              .oneof(
                fc.constantFrom(
                  '<?xml version="1.0"?><xliff version="1.2"><file original="x"><body/></file></xliff>',
                  '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
                  '<x>' + '<y>'.repeat(5000) + '</y>'.repeat(5000) + '</x>',
                  '',
                ),
                oddString,
              )
              .map((text) => ({ text, type: 'text/xml' }))
          : fc.constant(undefined);
      requests.push(
        fc
          .record({
            path,
            query: queryOf(parameters, ctx.hostile),
            body,
            otherType: ctx.hostile
              ? fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 })
              : fc.constant(null),
            otherMethod: ctx.hostile
              ? fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), { freq: 12 })
              : fc.constant(null),
            variant: fc.constant(''),
          })
          .map(({ path: p, query, body: b, otherType, otherMethod }) => ({
            family: 'api' as const,
            name: `${method.toUpperCase()} ${template}`,
            method: otherMethod ?? method.toUpperCase(),
            path: p + query,
            body: b?.text,
            contentType: b === undefined ? undefined : (otherType ?? b.type),
            variant: '',
          })),
      );
    }
  return requests;
}

function graphqlRequests(ctx: SchemaContext): fc.Arbitrary<FuzzRequest> {
  const document = fc.oneof(
    fc.constantFrom(
      '{ CurrentUser { id } }',
      'mutation Login($email: String!, $password: String!) { Login(email: $email, password: $password) { token } }',
      'mutation { Logout }',
      '{ __schema { types { name } } }',
      '{ CurrentUser { id ' + '... on User { id '.repeat(50) + '}'.repeat(50) + ' } }',
      '{ a: CurrentUser { id } b: CurrentUser { id } c: CurrentUser { id } }',
      '{',
    ),
    oddString,
  );
  return fc
    .record({
      document,
      variables: bodyText(undefined, ctx),
      body: fc.option(bodyText(undefined, ctx), { freq: 4 }),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
    })
    .map(({ document: query, variables, body, contentType }) => ({
      family: 'graphql' as const,
      name: 'POST /graphql',
      method: 'POST',
      path: '/graphql',
      body: body ?? `{"query":${JSON.stringify(query)},"variables":${variables || 'null'}}`,
      contentType,
      variant: '',
    }));
}

/** The console's own routes, with emails and queries that never touch the fuzzing sessions' roles. */
function consoleRequests(ctx: SchemaContext): fc.Arbitrary<FuzzRequest> {
  const query = fc
    .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), oddString), { maxLength: 3 })
    .map((pairs) =>
      pairs.length
        ? `?${pairs.map(([n, v]) => `${encodeLoosely(n)}=${encodeLoosely(v)}`).join('&')}`
        : '',
    );
  const email = fc.oneof(
    fc.emailAddress().map((address) => `fuzz.${address}`),
    oddString.map((value) => `fuzz-${value}`),
  );
  const json = (schema?: JsonSchema) => bodyText(schema, ctx);
  const route = fc.oneof(
    fc.tuple(
      fc.constant('GET'),
      fc.constantFrom(
        '/api/events',
        '/api/audit',
        '/api/audit/export',
        '/api/roles',
        '/api/events/status',
        '/api/meta',
        '/api/session',
      ),
      query,
      fc.constant(undefined),
    ),
    fc.tuple(
      fc.constant('POST'),
      fc.constant('/api/session'),
      fc.constant(''),
      json({
        type: 'object',
        properties: { email: { type: 'string' }, password: { type: 'string' } },
        required: ['email', 'password'],
      }),
    ),
    fc.tuple(
      fc.constant('PUT'),
      email.map((e) => `/api/roles/${encodeLoosely(e)}`),
      fc.constant(''),
      json({
        type: 'object',
        properties: { role: { enum: ['support', 'admin', 'contentManager', 'owner'] } },
      }),
    ),
    fc.tuple(
      fc.constant('DELETE'),
      email.map((e) => `/api/roles/${encodeLoosely(e)}`),
      fc.constant(''),
      fc.constant(undefined),
    ),
  );
  return fc
    .tuple(route, fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 }))
    .map(([[method, path, q, body], otherType]) => ({
      family: 'console' as const,
      name: `${method} ${path.replace(/\/api\/roles\/.*/, '/api/roles/:email')}`,
      method,
      path: path + q,
      body,
      contentType: body === undefined ? undefined : (otherType ?? 'application/json'),
      variant: '',
    }));
}

const SANDBOX_AUTH = [
  'bearer',
  'bearer',
  'bearer',
  'bearer',
  'none',
  'wrong',
  'basic',
  'query',
  'jwt',
];
const CONSOLE_CSRF = ['csrf', 'csrf', 'csrf', 'csrf', 'csrf', 'no-header', 'foreign-origin'];

function requestArbitrary(base: Omit<SchemaContext, 'hostile'>) {
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, JsonSchema>>;
  const clean: SchemaContext = { ...base, hostile: false };
  const hostile: SchemaContext = { ...base, hostile: true };
  const anyTarget = fc.constantFrom<Target>('sandbox', ...CONSOLE_TARGETS);
  return fc
    .oneof(
      // What the schemas allow, properly authenticated: reaches the code behind validation.
      {
        weight: 4,
        arbitrary: fc.tuple(
          anyTarget,
          fc.oneof(...apiRequests(clean, paths)),
          fc.constant('bearer'),
          fc.constant('csrf'),
        ),
      },
      {
        weight: 6,
        arbitrary: fc.tuple(
          anyTarget,
          fc.oneof(...apiRequests(hostile, paths)),
          fc.constantFrom(...SANDBOX_AUTH),
          fc.constantFrom(...CONSOLE_CSRF),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constant<Target>('sandbox'),
          graphqlRequests(hostile),
          fc.constantFrom(...SANDBOX_AUTH),
          fc.constant('csrf'),
        ),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(
          fc.constantFrom<Target>(...CONSOLE_TARGETS),
          consoleRequests(hostile),
          fc.constant('bearer'),
          fc.constantFrom(...CONSOLE_CSRF),
        ),
      },
    )
    .map(([target, req, auth, csrf]): [Target, FuzzRequest] => [
      target,
      { ...req, variant: target === 'sandbox' ? auth : csrf },
    ]);
}

type Outcome = { status: number } | { clientRefused: string } | { failed: string };

export async function runApiFuzz(options: {
  timeLimitMs: number;
  seed?: number;
  log?: (line: string) => void;
}): Promise<FuzzSummary> {
  const log = options.log ?? (() => undefined);
  const h: Harness = await startHarness();
  const agent = new Agent({ headersTimeout: 15_000, bodyTimeout: 15_000, connections: 8 });
  try {
    const cookies: Partial<Record<Target, string>> = {
      admin: await h.sessionCookie('fuzz-admin@lectern.test', 'admin'),
      contentManager: await h.sessionCookie('fuzz-manager@lectern.test', 'contentManager'),
      support: await h.sessionCookie('fuzz-support@lectern.test', 'support'),
      noRole: await h.sessionCookie('fuzz-nobody@lectern.test', null),
    };
    const ids = await seedIds(h);
    const ctx = {
      components: (buildOpenApiDocument().components as { schemas: Record<string, JsonSchema> })
        .schemas,
      ids,
    };
    const summary: FuzzSummary = {
      seed: options.seed ?? Date.now() ^ (Math.random() * 2 ** 31),
      seconds: 0,
      requests: 0,
      byTarget: {},
      statuses: {},
      serverErrors: 0,
      failures: [],
    };
    const count = (target: Target, bucket: string) => {
      const counts = (summary.byTarget[target] ??= {});
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    };

    async function send(target: Target, req: FuzzRequest): Promise<Outcome> {
      const headers: Record<string, string> = {};
      if (req.contentType) headers['content-type'] = req.contentType;
      try {
        if (target === 'sandbox') {
          let path = req.family === 'api' ? `/incoming/v2${req.path}` : req.path;
          const key = h.sandbox.secretKey;
          if (req.family === 'graphql' && req.variant !== 'none')
            path += `?apiKey=${req.variant === 'wrong' ? 'nope' : key}`;
          else if (req.variant === 'bearer') headers.authorization = `Bearer ${key}`;
          else if (req.variant === 'wrong')
            headers.authorization = 'Bearer sk_wrong_0123456789abcdef';
          else if (req.variant === 'basic') headers.authorization = 'Basic Zm9vOmJhcg==';
          else if (req.variant === 'query')
            path += `${path.includes('?') ? '&' : '?'}secretKey=${key}`;
          else if (req.variant === 'jwt')
            path += `${path.includes('?') ? '&' : '?'}jwt=eyJhbGciOiJIUzI1NiJ9.e30.x`;
          const response = await request(`${h.sandbox.baseUrl}${path}`, {
            method: req.method as 'GET',
            headers,
            body: req.body,
            dispatcher: agent,
          });
          await response.body.dump({ limit: 10 * 1024 * 1024 });
          return { status: response.statusCode };
        }
        const path = req.family === 'api' ? `/api/v2${req.path}` : req.path;
        if (req.variant === 'foreign-origin')
          Object.assign(headers, { 'x-lectern-csrf': '1', origin: 'https://evil.test' });
        const response = await h.http.send(req.method, path, {
          headers,
          rawBody: req.body,
          cookie: cookies[target],
          csrf: req.variant === 'csrf',
        });
        return { status: response.status };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (
          code === 'UND_ERR_INVALID_ARG' ||
          code === 'ERR_INVALID_CHAR' ||
          code === 'ERR_INVALID_URL' ||
          error instanceof TypeError
        )
          return { clientRefused: (error as Error).message };
        return { failed: `${code ?? ''} ${(error as Error).message}` };
      }
    }

    const started = performance.now();
    await fc
      .assert(
        fc.asyncProperty(requestArbitrary(ctx), async ([target, req]) => {
          const outcome = await send(target, req);
          summary.requests += 1;
          if ('clientRefused' in outcome) {
            count(target, 'refused by the client');
            return true;
          }
          if ('failed' in outcome) {
            count(target, 'no answer');
            summary.failures.push({ target, request: req, outcome: outcome.failed });
            return false;
          }
          const bucket = `${Math.floor(outcome.status / 100)}xx`;
          count(target, bucket);
          summary.statuses[outcome.status] = (summary.statuses[outcome.status] ?? 0) + 1;
          if (outcome.status >= 500) {
            summary.serverErrors += 1;
            summary.failures.push({ target, request: req, outcome: `HTTP ${outcome.status}` });
            return false;
          }
          if (summary.requests % 2000 === 0)
            log(`  ${summary.requests} requests, ${summary.serverErrors} 5xx`);
          return true;
        }),
        {
          seed: summary.seed,
          numRuns: Number.MAX_SAFE_INTEGER,
          endOnFailure: true,
          plugins: [fc.interruptAfterTimeLimit(options.timeLimitMs)],
        },
      )
      .catch((error: Error) => {
        log(error.message.split('\n').slice(0, 6).join('\n'));
      });
    summary.seconds = (performance.now() - started) / 1000;

    // Both servers still answer, and nothing reached the console's error log.
    const health = await h.http.get('/api/health');
    if (health.status !== 200)
      summary.failures.push({
        target: 'admin',
        request: {
          family: 'console',
          name: 'GET /api/health',
          method: 'GET',
          path: '/api/health',
          variant: '',
        },
        outcome: `HTTP ${health.status}`,
      });
    const sandboxAlive = await request(`${h.sandbox.baseUrl}/incoming/v2/openapi.json`, {
      dispatcher: agent,
    });
    await sandboxAlive.body.dump();
    if (sandboxAlive.statusCode !== 200)
      summary.failures.push({
        target: 'sandbox',
        request: {
          family: 'api',
          name: 'GET /openapi.json',
          method: 'GET',
          path: '/openapi.json',
          variant: '',
        },
        outcome: `HTTP ${sandboxAlive.statusCode}`,
      });
    const errorLines = h.logs.filter((line) => line.includes('"level":50'));
    for (const line of errorLines.slice(0, 5))
      summary.failures.push({
        target: 'admin',
        request: {
          family: 'console',
          name: 'console error log',
          method: '',
          path: '',
          variant: '',
        },
        outcome: line.slice(0, 500),
      });
    return summary;
  } finally {
    await agent.close();
    await h.close();
  }
}

/** A course with a section, lesson and topic, so generated ids sometimes exist. */
export async function seedIds(h: Harness): Promise<string[]> {
  const created = await h.sandbox.api('POST', '/content/course/create', {
    courseAttributes: [
      {
        title: 'Fuzz target',
        kind: 'courseGroup',
        sections: [
          {
            title: 'S',
            lessons: [
              {
                title: 'L',
                openType: 'open',
                topics: [{ title: 'T', type: 'text', body: '<p>x</p>' }],
              },
            ],
          },
        ],
      },
    ],
  });
  const courseId = created.body.courseIds[0] as string;
  const groupId = created.body.courseGroupIds[0] as string;
  const structure = await h.sandbox.api('GET', `/courses/${courseId}/structure`);
  const ids = [courseId, groupId];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'id' && typeof inner === 'string') ids.push(inner);
        else walk(inner);
      }
  };
  walk(structure.body);
  return [...new Set(ids)];
}

export function formatSummary(summary: FuzzSummary): string {
  const lines = [
    `API fuzz: ${summary.requests} requests in ${summary.seconds.toFixed(1)} s (seed ${summary.seed}), ${summary.serverErrors} responses >= 500, ${summary.failures.length} failures`,
  ];
  for (const [target, counts] of Object.entries(summary.byTarget)) {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const parts = Object.entries(counts)
      .sort()
      .map(([bucket, n]) => `${bucket} ${n}`);
    lines.push(`  ${target.padEnd(15)} ${String(total).padStart(6)}  ${parts.join(', ')}`);
  }
  const statuses = Object.entries(summary.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  lines.push(`  statuses: ${statuses}`);
  for (const failure of summary.failures.slice(0, 10)) {
    const r = failure.request;
    lines.push(
      `  FAILURE ${failure.outcome} <- ${failure.target} ${r.method} ${r.path.slice(0, 200)} [${r.variant}] ${r.contentType ?? ''} ${(r.body ?? '').slice(0, 300)}`,
    );
  }
  return lines.join('\n');
}
