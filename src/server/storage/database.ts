// Opens the console's SQLite database (WAL) and applies pending migrations, one transaction each.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { CONSOLE_MIGRATIONS } from './migrations.ts';

export type Db = Database.Database;

export function openConsoleDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const applied = db.pragma('user_version', { simple: true }) as number;
  CONSOLE_MIGRATIONS.slice(applied).forEach((sql, offset) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${applied + offset + 1}`);
    })();
  });
  return db;
}
