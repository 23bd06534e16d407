// The secret that signs list cursors (lib/cursor.ts), kept in the database so cursors stay valid
// across sandbox restarts.
import { randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

export function loadCursorSecret(db: Db): Buffer {
  const candidate = randomBytes(32).toString('base64url');
  db.prepare('INSERT OR IGNORE INTO sandbox_settings (key, value) VALUES (?, ?)').run(
    'cursorSecret',
    candidate,
  );
  const row = db.prepare('SELECT value FROM sandbox_settings WHERE key = ?').get('cursorSecret') as
    { value: string } | undefined;
  return Buffer.from(row?.value ?? candidate, 'base64url');
}
