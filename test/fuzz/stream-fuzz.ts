// The streaming half of the fuzz run (issue 20): every route that takes a body (each endpoint of the
// OpenAPI document with a request body, and the console's own sign-in and roles routes), sent to the
// sandbox directly and through the console as each role, in three ways, round-robin over the routes:
//   - aborted: the headers promise more than is sent; the body stops at a random point and the socket
//     closes a few milliseconds later;
//   - slow: the whole body in 2 to 6 parts with pauses between them, some slower than the console's body
//     time limit (1 s here; 10 s by default), which must answer 408;
//   - hostile XML: XXE, entity expansion, external DTDs, deep nesting, huge attribute lists and broken
//     documents, as text/xml, on every route (JSON routes must refuse them; the translation upload must
//     parse them safely).
// The property: no answer is a 5xx, nothing crashes (no uncaught error in the process), and the console
// and the sandbox still answer afterwards with nothing logged at error level.
import fc from 'fast-check';
import { buildOpenApiDocument } from '../../src/contract/index.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { startHarness, type Harness } from '../server/helpers/console-harness.ts';
import { seedIds } from './api-fuzz.ts';
import { bodyText, type JsonSchema } from './json-arbitraries.ts';

export type StreamKind = 'aborted' | 'slow' | 'hostile XML';
const KINDS: StreamKind[] = ['aborted', 'slow', 'hostile XML'];
type Target = 'sandbox' | 'admin' | 'contentManager' | 'support' | 'anonymous';
const TARGETS: Target[] = ['sandbox', 'admin', 'contentManager', 'support', 'anonymous'];
const WORKERS = 16;
const BODIES_PER_ROUTE = 12;

export interface StreamFuzzSummary {
  seed: number;
  seconds: number;
  requests: number;
  routes: number;
  /** kind -> outcome (2xx, 4xx, 5xx, no answer: cut off by the fuzzer) -> count */
  byKind: Record<string, Record<string, number>>;
  statuses: Record<string, number>;
  serverErrors: number;
  /** Uncaught exceptions and unhandled rejections in the process while it ran. */
  crashes: number;
  failures: string[];
}

const HOSTILE_XML = [
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff version="1.2"><file original="x" target-language="fr"><body><trans-unit id="title"><source>a</source><target>&e;</target></trans-unit></body></file></xliff>',
  '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]><l>&g;</l>',
  '<?xml version="1.0"?><!DOCTYPE x SYSTEM "http://127.0.0.1:9/evil.dtd"><x/>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]><x/>',
  `<?xml version="1.0"?>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`,
  `<?xml version="1.0"?><x ${Array.from({ length: 20_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`,
  '<?xml version="1.0"?><xliff version="1.2"><file original="x"><body><trans-unit id="t"><target>unclosed',
  '\ufeff\u0000<\u0000x\u0000/\u0000>',
  '<?xml version="1.0"?><?xml-stylesheet href="http://127.0.0.1:9/x.xsl"?><xliff version="1.2"/>',
  `<?xml version="1.0"?><xliff version="1.2"><file original="x" target-language="fr"><body><trans-unit id="title"><source>a</source><target><![CDATA[${'<]]>'.repeat(1000)}]]></target></trans-unit></body></file></xliff>`,
  '<?xml version="1.0" encoding="UTF-7"?>+ADw-x+AD4-',
  '',
];

interface BodyRoute {
  name: string;
  method: string;
  /** Below /api/v2 (api) or the console's own path (console). */
  path: string;
  family: 'api' | 'console';
  contentType: string;
  bodies: string[];
}

/** A seeded PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bodyRoutes(ids: string[], seed: number): BodyRoute[] {
  const document = buildOpenApiDocument();
  const ctx = {
    components: (document.components as { schemas: Record<string, JsonSchema> }).schemas,
    ids,
    hostile: false,
  };
  const sample = (schema: JsonSchema | undefined, n: number) =>
    fc.sample(bodyText(schema, { ...ctx, hostile: n % 3 === 0 }), {
      seed: seed + n,
      numRuns: 1,
    })[0]!;
  const routes: BodyRoute[] = [];
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  for (const [template, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined
      )?.content;
      if (!content) continue;
      const xml = content['text/xml'] !== undefined;
      const path = template
        .replace('{type}', 'courseGroups')
        .replace(/\{id\}\.xlf/, `${ids[1]}.xlf`)
        .replace(/\{\w+\}/g, ids[0]!);
      routes.push({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        path,
        family: 'api',
        contentType: xml ? 'text/xml' : 'application/json',
        bodies: xml
          ? HOSTILE_XML.slice(0, BODIES_PER_ROUTE)
          : Array.from({ length: BODIES_PER_ROUTE }, (_, n) =>
              sample(content['application/json']?.schema, n),
            ),
      });
    }
  const signIn = {
    type: 'object',
    properties: { email: { type: 'string' }, password: { type: 'string' } },
    required: ['email', 'password'],
  };
  const role = { type: 'object', properties: { role: { enum: ['support', 'admin', 'owner'] } } };
  for (const [method, path, schema] of [
    ['POST', '/api/session', signIn],
    ['PUT', '/api/roles/fuzz.stream%40lectern.test', role],
  ] as const)
    routes.push({
      name: `${method} ${path}`,
      method,
      path,
      family: 'console',
      contentType: 'application/json',
      bodies: Array.from({ length: BODIES_PER_ROUTE }, (_, n) => sample(schema, n)),
    });
  return routes;
}

export async function runStreamFuzz(options: {
  timeLimitMs: number;
  seed?: number;
  log?: (line: string) => void;
}): Promise<StreamFuzzSummary> {
  const seed = options.seed ?? Date.now() ^ (Math.random() * 2 ** 31);
  const random = prng(seed);
  const summary: StreamFuzzSummary = {
    seed,
    seconds: 0,
    requests: 0,
    routes: 0,
    byKind: {},
    statuses: {},
    serverErrors: 0,
    crashes: 0,
    failures: [],
  };
  const crashed = (error: unknown) => {
    summary.crashes += 1;
    summary.failures.push(`crash: ${String((error as Error)?.stack ?? error).slice(0, 500)}`);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  // A short body time limit, so that slow bodies meet it within the run (10 s by default).
  const h: Harness = await startHarness({ env: { LECTERN_BODY_TIMEOUT_S: '1' } });
  try {
    const cookies: Partial<Record<Target, string>> = {
      admin: await h.sessionCookie('stream-admin@lectern.test', 'admin'),
      contentManager: await h.sessionCookie('stream-manager@lectern.test', 'contentManager'),
      support: await h.sessionCookie('stream-support@lectern.test', 'support'),
    };
    const routes = bodyRoutes(await seedIds(h), seed);
    summary.routes = routes.length;
    const count = (kind: StreamKind, bucket: string) => {
      const counts = (summary.byKind[kind] ??= {});
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    };

    async function send(kind: StreamKind, route: BodyRoute, target: Target): Promise<void> {
      const sandbox = target === 'sandbox';
      const url = sandbox ? h.sandbox.baseUrl : h.url;
      const path =
        route.family === 'console'
          ? route.path
          : `${sandbox ? '/incoming/v2' : '/api/v2'}${route.path}`;
      const headers: Record<string, string> = {
        'content-type': kind === 'hostile XML' ? 'text/xml' : route.contentType,
      };
      if (sandbox) headers.authorization = `Bearer ${h.sandbox.secretKey}`;
      else {
        Object.assign(headers, { 'x-lectern-csrf': '1', origin: h.url });
        if (cookies[target]) headers.cookie = cookies[target]!;
      }
      const body = Buffer.from(
        kind === 'hostile XML'
          ? HOSTILE_XML[Math.floor(random() * HOSTILE_XML.length)]!
          : route.bodies[Math.floor(random() * route.bodies.length)]!,
      );
      const connection = await RawConnection.open(url);
      try {
        const head = Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        const declared =
          kind === 'aborted' ? body.length + 1 + Math.floor(random() * 1000) : body.length;
        await connection.write(
          `${route.method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}content-length: ${declared}\r\n\r\n`,
        );
        let answer;
        if (kind === 'aborted') {
          await connection.write(body.subarray(0, Math.floor(random() * (body.length + 1))));
          answer = await connection.read(Math.floor(random() * 30)).catch(() => undefined);
        } else {
          const parts = kind === 'slow' ? 2 + Math.floor(random() * 5) : 1;
          const size = Math.ceil(body.length / parts) || 1;
          for (let offset = 0; offset < Math.max(body.length, 1); offset += size) {
            await connection.write(body.subarray(offset, offset + size));
            if (kind === 'slow')
              await new Promise((resolve) => setTimeout(resolve, random() * 400));
            if (connection.isClosed) break;
          }
          answer = await connection.read(15_000).catch((error: Error) => {
            summary.failures.push(`${kind} ${target} ${route.name}: ${error.message}`);
            return undefined;
          });
          if (!answer && !connection.isClosed) return;
        }
        summary.requests += 1;
        if (!answer) return count(kind, 'no answer (cut off)');
        count(kind, `${Math.floor(answer.status / 100)}xx`);
        summary.statuses[answer.status] = (summary.statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 500) {
          summary.serverErrors += 1;
          summary.failures.push(
            `${kind} ${target} ${route.name}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        }
      } finally {
        connection.destroy();
      }
    }

    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (performance.now() - started < options.timeLimitMs && summary.failures.length < 20) {
        const n = next++;
        const route = routes[n % routes.length]!;
        const kind = KINDS[Math.floor(n / routes.length) % KINDS.length]!;
        const target = TARGETS[Math.floor(random() * TARGETS.length)]!;
        await send(kind, route, target);
        if (summary.requests % 500 === 0) options.log?.(`  ${summary.requests} streamed requests`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    summary.seconds = (performance.now() - started) / 1000;
    // Both servers still answer, and nothing reached the console's error log.
    const health = await h.http.get('/api/health');
    if (health.status !== 200) summary.failures.push(`console health: HTTP ${health.status}`);
    const sandboxAlive = await h.sandbox.raw('GET', '/incoming/v2/openapi.json');
    if (sandboxAlive.status !== 200) summary.failures.push(`sandbox: HTTP ${sandboxAlive.status}`);
    for (const line of h.logs.filter((line) => line.includes('"level":50')).slice(0, 5))
      summary.failures.push(`console error log: ${line.slice(0, 500)}`);
    return summary;
  } finally {
    await h.close();
    process.off('uncaughtException', crashed);
    process.off('unhandledRejection', crashed);
  }
}

export function formatStreamSummary(summary: StreamFuzzSummary): string {
  const lines = [
    `Stream fuzz: ${summary.requests} requests to ${summary.routes} body routes in ${summary.seconds.toFixed(1)} s (seed ${summary.seed}), ${summary.serverErrors} responses >= 500, ${summary.crashes} crashes, ${summary.failures.length} failures`,
  ];
  for (const kind of KINDS) {
    const counts = summary.byKind[kind] ?? {};
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const parts = Object.entries(counts)
      .sort()
      .map(([bucket, n]) => `${bucket} ${n}`);
    lines.push(`  ${kind.padEnd(12)} ${String(total).padStart(6)}  ${parts.join(', ')}`);
  }
  lines.push(
    `  statuses: ${Object.entries(summary.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
  );
  for (const failure of summary.failures.slice(0, 10)) lines.push(`  FAILURE ${failure}`);
  return lines.join('\n');
}
