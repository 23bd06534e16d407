// Issue 16, finding 7: the console kept each user's learner token (from GraphQL Login) in plain text in
// its database, usable after the user signed out of the console. It is never used after sign-in, so it
// is not kept: these tests look for it in every byte of the database files, not only in the tables.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsoleStore } from '../../src/server/storage/database.ts';
import { startHarness } from './helpers/console-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'lectern-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The database file and its WAL, as bytes (latin1, so every byte maps to one character). */
function fileBytes(file: string): string {
  return [file, `${file}-wal`]
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

describe('learner tokens are not stored (issue 16, finding 7)', () => {
  it('a sign-in through the console leaves no learner token in any byte of its database', async () => {
    const file = join(dir, 'console.db');
    const h = await startHarness({ env: { LECTERN_DB: file } });
    try {
      await h.createUser('kept@lectern.test', 'Kept!2345');
      const cookie = await h.signIn('kept@lectern.test', 'Kept!2345');
      expect((await h.http.get('/api/session', { cookie })).status).toBe(200);
      // The instance issued a token (it stores only its SHA-256): find it nowhere in the console's files.
      const issued = new Set(
        h.sandbox.sandbox.db.prepare('SELECT token_hash FROM learner_tokens').pluck().all(),
      );
      expect(issued.size).toBe(1);
      // Values sit side by side in a row: try every 43-character window (a token's length) of every run.
      const runs = fileBytes(file).match(/[A-Za-z0-9_-]{43,}/g) ?? [];
      expect(runs.length).toBeGreaterThan(0); // the session's id hash at least
      const stored = runs.flatMap((run) =>
        Array.from({ length: run.length - 42 }, (_, at) => run.slice(at, at + 43)).filter(
          (window) => issued.has(createHash('sha256').update(window).digest('hex')),
        ),
      );
      expect(stored).toEqual([]);
      const columns = h.server.store.db.introspection.getTables();
      const sessions = (await columns).find((table) => table.name === 'sessions')!;
      expect(sessions.columns.map((column) => column.name)).not.toContain('learner_token');
    } finally {
      await h.close();
    }
  });

  it('a database from an older version forgets the tokens it kept, down to its free pages', async () => {
    const file = join(dir, 'legacy.db');
    const token = 'LEGACY-LEARNER-TOKEN-7f3a9c1d';
    const legacy = new Database(file);
    legacy.exec(readFileSync(new URL('./fixtures/console-schema-v1.sql', import.meta.url), 'utf8'));
    legacy.pragma('user_version = 1');
    // Enough sessions to fill several pages, so that dropping the column frees whole pages.
    const insert = legacy.prepare(
      `INSERT INTO sessions VALUES (?, 'ada@x.test', 'u', 'Ada', 'L', ?, 1, 2, 3)`,
    );
    for (let i = 0; i < 300; i++) insert.run(`h${i}`, `${token}-${i}`);
    legacy.close();
    expect(fileBytes(file)).toContain(token);

    const store = await openConsoleStore({ engine: 'sqlite', file });
    try {
      const rows = await store.db.selectFrom('sessions').select('email').execute();
      expect(rows).toHaveLength(300);
    } finally {
      await store.close(); // checkpoints the WAL into the file
    }
    expect(fileBytes(file)).not.toContain(token);
  });
});
