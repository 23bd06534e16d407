// The job worker's simulated fetch and its manual tick (the HTTP lifecycle is in jobs-release).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker, fetchFailure } from '../../src/sandbox/services/jobs/job-worker.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { create, putSettings } from './write-helpers.ts';

describe('fetchFailure', () => {
  it('fails .invalid hosts, honours the failure rate, passes the rest', () => {
    expect(fetchFailure('https://cdn.invalid/a.zip', 0)).toBe(
      'Could not fetch https://cdn.invalid/a.zip: host not found',
    );
    expect(fetchFailure('https://invalid/a.zip', 0)).toMatch(/host not found$/);
    expect(fetchFailure('https://cdn.example/a.zip', 0)).toBeNull();
    expect(fetchFailure('https://cdn.example/a.zip', 0.5, () => 0.4)).toMatch(/simulated failure/);
    expect(fetchFailure('https://cdn.example/a.zip', 0.5, () => 0.6)).toBeNull();
  });
});

describe('worker', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(() => s.close());

  it('moves a due job one phase per tick and runs registered handlers for other types', async () => {
    await putSettings(s, { jobDelayMs: 600_000 }); // the running worker leaves these jobs alone
    const created = await create(s, [
      { title: 'T', kind: 'video', videoUrl: 'https://cdn.example/v.mp4' },
    ]);
    const id = created.backgroundJob!.id;
    const status = () =>
      (s.sandbox.db.prepare('SELECT status FROM jobs WHERE id = ?').get(id) as { status: string })
        .status;
    const worker = createJobWorker({ ...s.sandbox.deps, now: () => Date.now() + 700_000 });
    worker.tick();
    expect(status()).toBe('processing');
    worker.tick();
    expect(status()).toBe('processing'); // the next phase waits jobDelayMs again
    const later = createJobWorker({ ...s.sandbox.deps, now: () => Date.now() + 1_400_000 });
    later.tick();
    expect(status()).toBe('completed');

    const at = new Date().toISOString();
    s.sandbox.db
      .prepare(
        `INSERT INTO jobs (id, company_id, type, status, run_after_ms, created_at, updated_at)
         VALUES ('custom-1', ?, 'custom', 'processing', 0, ?, ?)`,
      )
      .run(s.sandbox.company.id, at, at);
    later.handle('custom', () => 'custom handler says no');
    later.tick();
    const row = s.sandbox.db
      .prepare(`SELECT status, failure_reason FROM jobs WHERE id = 'custom-1'`)
      .get();
    expect(row).toEqual({ status: 'failed', failure_reason: 'custom handler says no' });
  });
});
