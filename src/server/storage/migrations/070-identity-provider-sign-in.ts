// Sign-in through an OpenID Connect provider (issue 26):
//   - sessions and audit rows record how the user signed in (`instance`: the learning platform's email
//     and password; `identityProvider`: OpenID Connect);
//   - a role can come from the provider's groups (roles.source `identityProvider`, replaced at every
//     sign-in through it);
//   - sign_in_transactions: one row per sign-in sent to the provider (state, nonce, PKCE verifier), so
//     the provider's redirect back may reach any console server, and each is used once.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';
import { rebuildSqliteTable } from './sqlite-rebuild.ts';

const METHODS = "sign_in_method IN ('instance', 'identityProvider')";
const OLD_SOURCES = /source IN \('console', 'cli', 'env', 'demo'\)/i;
const NEW_SOURCES = "source IN ('console', 'cli', 'env', 'demo', 'identityProvider')";

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('sign_in_method', 'text', (column) =>
      column.notNull().defaultTo('instance').check(sql.raw(METHODS)),
    )
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('sign_in_method', 'text', (column) => column.check(sql.raw(METHODS)))
    .execute();

  if (engine === 'postgres') {
    await sql`ALTER TABLE roles DROP CONSTRAINT roles_source_check`.execute(db);
    await sql
      .raw(`ALTER TABLE roles ADD CONSTRAINT roles_source_check CHECK (${NEW_SOURCES})`)
      .execute(db);
  } else {
    await rebuildSqliteTable(db, 'roles', (ddl) => {
      if (!OLD_SOURCES.test(ddl)) throw new Error(`roles: source check not found in ${ddl}`);
      return ddl.replace(OLD_SOURCES, NEW_SOURCES);
    });
  }

  await db.schema
    .createTable('sign_in_transactions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('state', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('code_verifier', 'text', notNull)
    .addColumn('return_to', 'text', notNull)
    .addColumn('expires_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('sign_in_transactions_expiry')
    .on('sign_in_transactions')
    .column('expires_at')
    .execute();
}
