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
import * as courseHistory from './020-course-history.ts';
import * as scheduledActions from './030-scheduled-actions.ts';
import * as publishRequests from './031-publish-requests.ts';
import type { MigrationDb } from './column-types.ts';

const MIGRATIONS: Record<string, { up(db: MigrationDb, engine: Engine): Promise<void> }> = {
  '001-initial': initial,
  '002-cluster': cluster,
  '003-forget-learner-tokens': forgetLearnerTokens,
  '004-audit-outcome': auditOutcome,
  '005-sign-in-failures': signInFailures,
  '006-audit-subjects': auditSubjects,
  '007-audit-aborted': auditAborted,
  '020-course-history': courseHistory,
  '030-scheduled-actions': scheduledActions,
  '031-publish-requests': publishRequests,
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
