// The console's migrations, in order, for either engine. Names sort in application order; a migration
// that ran is never edited, a change is a new file.
import type { Migration, MigrationProvider } from 'kysely';
import type { Engine } from '../schema.ts';
import * as initial from './001-initial.ts';
import * as cluster from './002-cluster.ts';
import * as forgetLearnerTokens from './003-forget-learner-tokens.ts';
import * as auditOutcome from './004-audit-outcome.ts';
import * as signInFailures from './005-sign-in-failures.ts';
import * as auditSubjects from './006-audit-subjects.ts';
import * as auditAborted from './007-audit-aborted.ts';
import * as presence from './010-presence.ts';
import type { MigrationDb } from './column-types.ts';

const MIGRATIONS: Record<string, { up(db: MigrationDb, engine: Engine): Promise<void> }> = {
  '001-initial': initial,
  '002-cluster': cluster,
  '003-forget-learner-tokens': forgetLearnerTokens,
  '004-audit-outcome': auditOutcome,
  '005-sign-in-failures': signInFailures,
  '006-audit-subjects': auditSubjects,
  '007-audit-aborted': auditAborted,
  '010-presence': presence,
};

export function consoleMigrations(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(MIGRATIONS))
        out[name] = { up: (db) => migration.up(db, engine) };
      return out;
    },
  };
}
