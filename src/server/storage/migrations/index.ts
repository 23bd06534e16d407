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
import * as savedViews from './060-saved-views.ts';
import * as alerts from './061-alerts.ts';
import * as relaySearch from './050-relay-search.ts';
import * as nameCache from './051-name-cache.ts';
import * as courseChecks from './040-course-checks.ts';
import * as identityProviderSignIn from './070-identity-provider-sign-in.ts';
import * as courseHistory from './020-course-history.ts';
import * as scheduledActions from './030-scheduled-actions.ts';
import * as publishRequests from './031-publish-requests.ts';
import * as publishApprovals from './022-publish-approvals.ts';
import * as presence from './010-presence.ts';
import * as relaySearchSpeed from './080-relay-search-speed.ts';
import * as groupPublishRequests from './071-group-publish-requests.ts';
import * as learnerAggregates from './090-learner-aggregates.ts';
import type { MigrationDb } from './column-types.ts';

const MIGRATIONS: Record<string, { up(db: MigrationDb, engine: Engine): Promise<void> }> = {
  '001-initial': initial,
  '002-cluster': cluster,
  '003-forget-learner-tokens': forgetLearnerTokens,
  '004-audit-outcome': auditOutcome,
  '005-sign-in-failures': signInFailures,
  '006-audit-subjects': auditSubjects,
  '007-audit-aborted': auditAborted,
  '060-saved-views': savedViews,
  '061-alerts': alerts,
  '050-relay-search': relaySearch,
  '051-name-cache': nameCache,
  '040-course-checks': courseChecks,
  '070-identity-provider-sign-in': identityProviderSignIn,
  '020-course-history': courseHistory,
  '030-scheduled-actions': scheduledActions,
  '031-publish-requests': publishRequests,
  '022-publish-approvals': publishApprovals,
  '010-presence': presence,
  '080-relay-search-speed': relaySearchSpeed,
  '071-group-publish-requests': groupPublishRequests,
  '090-learner-aggregates': learnerAggregates,
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
