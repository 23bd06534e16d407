// The cursor signing secret survives a restart of the sandbox (it is stored with the data).
import { describe, expect, it } from 'vitest';
import { loadCursorSecret } from './cursor-secret.ts';
import { openDatabase } from './database.ts';

describe('loadCursorSecret', () => {
  it('keeps the secret in the database, so cursors survive a restart', () => {
    const db = openDatabase(':memory:');
    const first = loadCursorSecret(db);
    expect(first.length).toBe(32);
    expect(loadCursorSecret(db)).toEqual(first);
    db.close();
  });
});
