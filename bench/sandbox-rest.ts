// Sandbox REST benchmark (issue 2):
//  (a) create throughput: one POST /content/course/create of 100 courses x 100 children each;
//  (b) list latency of page 1 versus page 1,000 of GET /courseGroups over 100,000 groups. Keyset
//      pagination must keep the ratio under 1.5 (an OFFSET list would grow with depth).
// Runs an in-memory sandbox on 127.0.0.1 with an ephemeral port, over real HTTP.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { buildSandbox, type Sandbox } from '../src/sandbox/app.ts';

const KEY = 'sk_bench_0123456789abcdef0123';
const GROUPS = 100_000;
const PER_PAGE = 50;
const DEEP_PAGE = 1000;
const SAMPLES = 200;
const RATIO_TARGET = 1.5;

type Client = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

function clientFor(baseUrl: string): { call: Client; close(): Promise<void> } {
  const pool = new Pool(baseUrl, { connections: 1, pipelining: 1 });
  const call: Client = async (method, path, body) => {
    const res = await pool.request({
      method,
      path: `/incoming/v2${path}`,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  };
  return { call, close: () => pool.close() };
}

/** 4 sections x 4 lessons x 5 topics: 4 + 16 + 80 = 100 children, the per-course maximum. */
function hundredChildCourse(n: number) {
  return {
    title: `Bench course ${n}`,
    kind: 'courseGroup',
    sections: Array.from({ length: 4 }, (_, s) => ({
      title: `Section ${s + 1}`,
      lessons: Array.from({ length: 4 }, (_, l) => ({
        title: `Lesson ${s + 1}.${l + 1}`,
        openType: 'studentsOnly',
        topics: Array.from({ length: 5 }, (_, t) => ({
          title: `Topic ${s + 1}.${l + 1}.${t + 1}`,
          type: 'text',
          body: '<p>Benchmark body.</p>',
        })),
      })),
    })),
  };
}

async function benchCreate(call: Client): Promise<void> {
  const body = {
    courseAttributes: Array.from({ length: 100 }, (_, i) => hundredChildCourse(i + 1)),
  };
  const bytes = Buffer.byteLength(JSON.stringify(body));
  const started = performance.now();
  const res = await call('POST', '/content/course/create', body);
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  // Rows written: per course one group, one course and 100 children.
  const rows = 100 * (1 + 1 + 100);
  console.log(
    `(a) create: 100 courses x 100 children in one request (${(bytes / 1024).toFixed(0)} KiB body)`,
  );
  console.log(
    `    time ${ms.toFixed(0)} ms, ${rows} rows, ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`,
  );
}

/** Bulk setup straight into SQLite: one transaction, one group and one course per row. */
function insertGroups(sandbox: Sandbox, count: number): void {
  const { db, company } = sandbox;
  const at = new Date().toISOString();
  const group = db.prepare(
    `INSERT INTO course_groups (id, company_id, title, slug, kind, content_type, display_course_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'courseGroup', 'course', ?, ?, ?)`,
  );
  const course = db.prepare(
    `INSERT INTO courses (id, company_id, course_group_id, title, kind, status, enrollment_start_date, course_start_date, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'courseGroup', 'published', ?, ?, ?, ?)`,
  );
  db.pragma('foreign_keys = OFF'); // groups point at courses inserted right after them
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const groupId = randomUUID();
      const courseId = randomUUID();
      group.run(groupId, company.id, `Group ${i}`, `group-${i}`, courseId, at, at);
      course.run(courseId, company.id, groupId, `Group ${i}`, at, at, at, at);
    }
  })();
  db.pragma('foreign_keys = ON');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function benchListLatency(sandbox: Sandbox, call: Client): Promise<void> {
  const existing = (
    sandbox.db.prepare('SELECT COUNT(*) AS n FROM course_groups').get() as { n: number }
  ).n;
  const setupStarted = performance.now();
  insertGroups(sandbox, GROUPS);
  const setupMs = performance.now() - setupStarted;

  // Reach page 1,000 the only way a client can: by following cursors.
  const walkStarted = performance.now();
  let cursor: string | undefined;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const res = await call(
      'GET',
      `/courseGroups?perPage=${PER_PAGE}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    if (res.status !== 200 || !res.body.pageInfo.hasMore)
      throw new Error(`walk stopped at page ${page}`);
    cursor = encodeURIComponent(res.body.pageInfo.cursor);
  }
  const walkMs = performance.now() - walkStarted;
  const firstPath = `/courseGroups?perPage=${PER_PAGE}`;
  const deepPath = `${firstPath}&cursor=${cursor}`;
  const deep = await call('GET', deepPath);
  // The groups made by (a) come first in the list.
  const expectedFirst = `Group ${(DEEP_PAGE - 1) * PER_PAGE - existing}`;
  if (deep.body.courseGroups[0].title !== expectedFirst)
    throw new Error(
      `page ${DEEP_PAGE} starts at ${deep.body.courseGroups[0].title}, expected ${expectedFirst}`,
    );

  const timings = { first: [] as number[], deep: [] as number[] };
  for (let i = 0; i < 20; i++) await call('GET', i % 2 ? deepPath : firstPath); // warm-up
  for (let i = 0; i < SAMPLES; i++) {
    // Alternate so both pages see the same conditions (GC, caches, timers).
    for (const [name, path] of i % 2
      ? ([
          ['deep', deepPath],
          ['first', firstPath],
        ] as const)
      : ([
          ['first', firstPath],
          ['deep', deepPath],
        ] as const)) {
      const started = performance.now();
      const res = await call('GET', path);
      timings[name].push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    }
  }
  const first = median(timings.first);
  const deepMedian = median(timings.deep);
  const ratio = deepMedian / first;
  console.log(
    `(b) list latency: GET /courseGroups?perPage=${PER_PAGE} over ${(GROUPS + existing).toLocaleString('en')} groups`,
  );
  console.log(
    `    setup: ${GROUPS.toLocaleString('en')} groups + courses inserted in ${setupMs.toFixed(0)} ms; walked ${DEEP_PAGE - 1} cursors in ${(walkMs / 1000).toFixed(1)} s`,
  );
  console.log(
    '    (keyset page query each time; pageInfo.total is a COUNT cached until the next write)',
  );
  console.log(`    page 1     median ${first.toFixed(2)} ms (${SAMPLES} samples)`);
  console.log(`    page ${DEEP_PAGE}  median ${deepMedian.toFixed(2)} ms (${SAMPLES} samples)`);
  console.log(
    `    ratio page ${DEEP_PAGE} / page 1 = ${ratio.toFixed(2)} (target < ${RATIO_TARGET}: ${ratio < RATIO_TARGET ? 'PASS' : 'FAIL'})`,
  );
  if (ratio >= RATIO_TARGET) process.exitCode = 1;
}

export async function run(): Promise<void> {
  const sandbox = await buildSandbox({
    dbFile: ':memory:',
    host: '127.0.0.1',
    port: 0,
    seed: 'empty',
    apiKey: KEY,
    logLevel: 'silent',
    activityPerMinute: 0,
  });
  const baseUrl = await sandbox.listen();
  const client = clientFor(baseUrl);
  try {
    await benchCreate(client.call);
    await benchListLatency(sandbox, client.call);
  } finally {
    await client.close();
    await sandbox.close();
  }
}
