// Once per run, before any worker starts: the demo seed in a sandbox database of its own. Every sandbox
// the suite starts with the demo seed (each worker's console server, the event monitor's, the
// cluster's) begins from a copy of it (env.ts, copySeededSandbox) instead of seeding again: the seed
// hashes 43 passwords with scrypt and builds the catalog, some two fifths of a console server's start.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { SEEDED_SANDBOX_DB } from './env.ts';

export default async function globalSetup(): Promise<void> {
  mkdirSync(dirname(SEEDED_SANDBOX_DB), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(SEEDED_SANDBOX_DB + suffix, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/seed-sandbox.ts', SEEDED_SANDBOX_DB],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(SEEDED_SANDBOX_DB))
    throw new Error(`seeding ${SEEDED_SANDBOX_DB} failed (exit code ${code})`);
  // Workers inherit the runner's environment: this is how they learn of the file.
  process.env.LECTERN_E2E_SEEDED_DB = SEEDED_SANDBOX_DB;
}
