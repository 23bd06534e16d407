// The console's tables as Kysely sees them (after the latest migration). Times are epoch milliseconds;
// seq columns are the engines' auto-increment keys (SQLite rowid alias, PostgreSQL identity).
import type { ColumnType, Generated } from 'kysely';
import type { AuditOutcome } from '#contract/console/audit.ts';

export type Engine = 'sqlite' | 'postgres';

/** A column the database fills in when the insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SessionsTable {
  id_hash: string;
  email: string;
  user_id: string;
  first_name: string;
  last_name: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface RolesTable {
  email: string;
  role: 'admin' | 'contentManager' | 'support';
  source: 'console' | 'cli' | 'env' | 'demo';
  granted_by: string | null;
  granted_at: number;
}

export interface AuditLogTable {
  seq: Generated<number>;
  at: number;
  server_name: string | null;
  user_email: string | null;
  role: string | null;
  client_address: string | null;
  method: string;
  route: string;
  path: string;
  operation: string;
  summary: string;
  body_sha256: string | null;
  body_bytes: number | null;
  /** null while the call is pending, or when its outcome is unknown. */
  status: number | null;
  upstream_status: number | null;
  job_id: string | null;
  refusal: string | null;
  duration_ms: number | null;
  outcome: Defaulted<AuditOutcome>;
  /** JSON array of the courses, groups and learning paths the call touched (audit/subjects.ts). */
  subjects: Defaulted<string>;
}

export interface RelayEventsTable {
  seq: Generated<number>;
  event_id: string;
  kind: string;
  timestamp: number;
  learner_id: string | null;
  learner_email: string | null;
  learner_name: string | null;
  course_id: string | null;
  learning_path_id: string | null;
  payload: string;
  received_at: number;
}

export interface RelayKindsTable {
  kind: string;
  checkpoint: Defaulted<number | null>;
  last_success_at: Defaulted<number | null>;
  last_error: Defaulted<string | null>;
  last_error_at: Defaulted<number | null>;
  throttled_until: Defaulted<number | null>;
  stored_total: Defaulted<number>;
  state: Defaulted<string | null>;
  next_poll_at: Defaulted<number | null>;
}

export interface SignInBucketsTable {
  key: string;
  tokens: number;
  updated_at: number;
}

export interface SignInFailuresTable {
  email: string;
  /** JSON array of epoch ms, oldest first. */
  attempts: string;
  updated_at: number;
}

export interface EditorPresenceTable {
  tab_id: string;
  course_id: string;
  browser_id: string;
  /** The page load that beats: a leave from an earlier load of the tab (a reload) is ignored. */
  load_id: string;
  email: string;
  name: string;
  title: string;
  opened_at: number;
  seen_at: number;
}

/** The tab columns are null once the lease ended (by an admin) and nobody took it again. */
export interface EditLeasesTable {
  course_id: string;
  tab_id: string | null;
  browser_id: string | null;
  email: string | null;
  name: string | null;
  taken_at: number | null;
  ended_tab_id: string | null;
  ended_email: string | null;
  ended_how: 'takenOver' | 'ended' | null;
  ended_by_email: string | null;
  ended_by_name: string | null;
  ended_at: number | null;
  updated_at: number;
}

export interface ConsoleTables {
  sessions: SessionsTable;
  roles: RolesTable;
  audit_log: AuditLogTable;
  relay_events: RelayEventsTable;
  relay_kinds: RelayKindsTable;
  sign_in_buckets: SignInBucketsTable;
  sign_in_failures: SignInFailuresTable;
  editor_presence: EditorPresenceTable;
  edit_leases: EditLeasesTable;
}
