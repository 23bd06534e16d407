// Settings stored by PUT /sandbox/settings survive a restart, except where the operator set a value
// explicitly at start (SANDBOX_JOB_DELAY_MS, SANDBOX_ACTIVITY_PER_MINUTE): that wins, and is stored.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';

async function settingsOf(s: TestSandbox) {
  const response = await s.raw('GET', '/sandbox/settings', undefined, {
    authorization: `Bearer ${s.secretKey}`,
  });
  expect(response.status).toBe(200);
  return response.body as {
    jobDelayMs: number;
    pendingJobLimit: number;
    activityPerMinute: number;
  };
}

describe('sandbox settings across restarts', () => {
  it('keeps stored settings, and lets explicit start-up values win over them', async () => {
    const dbFile = join(mkdtempSync(join(tmpdir(), 'lectern-settings-')), 'sandbox.db');

    const first = await startSandbox({
      dbFile,
      jobDelayMs: undefined,
      activityPerMinute: undefined,
    });
    expect((await settingsOf(first)).jobDelayMs).toBe(1500);
    const put = await first.raw(
      'PUT',
      '/sandbox/settings',
      { jobDelayMs: 10, pendingJobLimit: 3, activityPerMinute: 5 },
      { authorization: `Bearer ${first.secretKey}` },
    );
    expect(put.status).toBe(200);
    await first.close();

    const second = await startSandbox({
      dbFile,
      jobDelayMs: undefined,
      activityPerMinute: undefined,
    });
    expect(await settingsOf(second)).toMatchObject({
      jobDelayMs: 10,
      pendingJobLimit: 3,
      activityPerMinute: 5,
    });
    await second.close();

    const third = await startSandbox({ dbFile, jobDelayMs: 777, activityPerMinute: 0 });
    expect(await settingsOf(third)).toMatchObject({
      jobDelayMs: 777,
      pendingJobLimit: 3,
      activityPerMinute: 0,
    });
    await third.close();

    const fourth = await startSandbox({
      dbFile,
      jobDelayMs: undefined,
      activityPerMinute: undefined,
    });
    expect(await settingsOf(fourth)).toMatchObject({ jobDelayMs: 777, activityPerMinute: 0 });
    await fourth.close();
  });
});
