// Course history benchmark: a 2,000-node course (20 sections x 10 lessons x 9 topics) with 200 versions
// in a SQLite console database, each an apply of a few renames, moves and field changes. Prints the
// bytes stored per version (whole states and chains of differences, Brotli), what the History tab asks
// when it opens (the first page of versions, over HTTP through the console server's route), and the
// diff of two such versions (the compare endpoint's work: read both states, diff, lay out the rows).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import {
  allNodes,
  diffVersions,
  moveNode,
  renameNode,
  setNodeFields,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '#compiler/test-drafts.ts';
import type { CourseSnapshot } from '#contract/console/history.ts';
import { createHistoryService } from '../src/server/history/history-service.ts';
import { openConsoleStore } from '../src/server/storage/database.ts';
import { createHistoryRepository } from '../src/server/storage/history-repository.ts';

const VERSIONS = 200;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!;
/** Issue 23's targets: the History tab opens in < 1 s, the diff of two such versions in < 200 ms. */
const TARGETS = { pageMs: 1000, compareMs: 200 };
const verdict = (ms: number, target: number) =>
  `${ms < target ? 'PASS' : 'FAIL'} (median ${ms.toFixed(1)} ms, target < ${target} ms)`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${samples.length} runs)`;
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-history-bench-'));
  const store = await openConsoleStore({ engine: 'sqlite', file: join(dir, 'console.db') });
  const log = pino({ level: 'silent' });
  try {
    const history = createHistoryService(createHistoryRepository(store.db), {
      serverName: 'bench',
      log,
    });
    let { baseline, saved } = saveDraft(gridDraft(20, 10, 9));
    const nodes = allNodes(saved);
    console.log(`course: ${nodes.length} nodes`);
    const courseId = baseline.course.id;
    let previous: CourseSnapshot | null = null;
    const recordMs: number[] = [];
    for (let v = 1; v <= VERSIONS; v++) {
      if (v > 1) {
        // One apply: 3 renames, a topic moved to another lesson, 2 topic bodies changed.
        let next: CourseGroupDraft = saved;
        const current = allNodes(next);
        const topics = current.filter((node) => node.kind === 'topic');
        const lessons = current.filter((node) => node.kind === 'lesson');
        for (let k = 0; k < 3; k++) {
          const node = current[(v * 37 + k * 101) % current.length]!;
          next = renameNode(next, node.clientId, `${node.title} v${v}`);
        }
        const moved = topics[(v * 13) % topics.length]!;
        const into = lessons[(v * 7) % lessons.length]!;
        next = moveNode(next, moved.clientId, { parentId: into.clientId, index: 0 });
        for (let k = 0; k < 2; k++)
          next = setNodeFields(next, topics[(v * 29 + k * 53) % topics.length]!.clientId, {
            body: `<p>Body of version ${v}</p>`,
          });
        ({ baseline, saved } = saveDraft(next));
      }
      const after = structuredClone(baseline) as CourseSnapshot;
      const started = performance.now();
      await history.record({
        courseId,
        before: previous,
        after,
        at: Date.now(),
        userEmail: 'bench@lectern.test',
        kinds: [v === 1 ? 'create' : 'edit'],
        auditSeqs: [v],
      });
      recordMs.push(performance.now() - started);
      previous = after;
    }
    const whole = JSON.stringify(baseline).length;
    const all = await history.list(courseId, { limit: VERSIONS });
    const bytes = all.versions.map((version) => version.bytes);
    const total = bytes.reduce((sum, b) => sum + b, 0);
    console.log(
      `storage: ${VERSIONS} versions, ${(total / 1024).toFixed(0)} KiB in all, ${(total / VERSIONS / 1024).toFixed(1)} KiB per version on average (first, whole: ${(bytes.at(-1)! / 1024).toFixed(1)} KiB; the course as JSON: ${(whole / 1024).toFixed(0)} KiB)`,
    );
    console.log(
      `record one version (read the previous state, diff, compress, insert): ${stats(recordMs)}`,
    );

    // What the History tab asks when it opens: the first page of versions.
    const cold = createHistoryService(createHistoryRepository(store.db), { serverName: 'b', log });
    const page = await timed(20, () => cold.list(courseId, { limit: 25 }));
    console.log(`History tab opens (first page, 25 of ${VERSIONS} versions): ${stats(page)}`);

    // Diff of two such versions: both states read back (replaying their chains), diffed, laid out.
    const fresh = () =>
      createHistoryService(createHistoryRepository(store.db), { serverName: 'c', log });
    const compare = await timed(20, () => fresh().compare(courseId, 1, VERSIONS));
    console.log(`compare version 1 with version ${VERSIONS} (no cache): ${stats(compare)}`);
    const near = await timed(20, () => fresh().compare(courseId, VERSIONS - 1, VERSIONS));
    console.log(`compare two neighbouring versions (no cache): ${stats(near)}`);
    const first = (await history.state(courseId, 1))!;
    const last = (await history.state(courseId, VERSIONS))!;
    const pure = await timed(20, () =>
      Promise.resolve(diffVersions(first as never, last as never)),
    );
    console.log(`diffVersions alone (two 2,000-node states in memory): ${stats(pure)}`);
    console.log(`History tab opens: ${verdict(median(page), TARGETS.pageMs)}`);
    console.log(
      `compare two versions (the slower pair): ${verdict(Math.max(median(compare), median(near)), TARGETS.compareMs)}`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
