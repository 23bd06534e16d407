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

export interface ScheduledActionsTable {
  seq: Generated<number>;
  id: string;
  target_type: string;
  target_id: string;
  target_title: string;
  group_id: string | null;
  action: string;
  run_at: number;
  time_zone: string;
  note: string | null;
  state: Defaulted<string>;
  created_by: string;
  created_at: number;
  cancelled_by: Defaulted<string | null>;
  cancelled_at: Defaulted<number | null>;
  run_by: Defaulted<string | null>;
  run_token: Defaulted<string | null>;
  started_at: Defaulted<number | null>;
  touched_at: Defaulted<number | null>;
  finished_at: Defaulted<number | null>;
  /** 0 or 1 on both engines. */
  ran_late: Defaulted<number>;
  resumed: Defaulted<number>;
  outcome: Defaulted<string | null>;
  /** JSON array of ScheduleItemResult. */
  results: Defaulted<string>;
}

/** A request to publish a course (migration 031). */
export interface PublishRequestsTable {
  seq: Generated<number>;
  id: string;
  course_id: string;
  group_id: string;
  title: string;
  note: string;
  state: Defaulted<string>;
  requested_by: string;
  requested_at: number;
  version: number | null;
  /** JSON of the course checks report; null when none was available. */
  checks_report: string | null;
  decided_by: Defaulted<string | null>;
  decided_at: Defaulted<number | null>;
  comment: Defaulted<string | null>;
  outcome: Defaulted<string | null>;
}

/** One version of a course (storage/history-repository.ts, history/snapshot-codec.ts). */
export interface CourseVersionsTable {
  seq: Generated<number>;
  course_id: string;
  /** 1, 2, 3… per course. */
  number: number;
  course_group_id: string;
  at: number;
  user_email: string | null;
  server_name: string | null;
  /** JSON array of the change kinds. */
  kinds: string;
  /** The course's title and status after the change. */
  title: string;
  status: string;
  /** JSON: the change's counts. */
  counts: string;
  /** JSON: language and units of a translation upload, or null. */
  translation: string | null;
  /** 1 when the course read before differed from the previous version. */
  drift: number;
  /** JSON array of audit seqs. */
  audit_seqs: string;
  /** The state before: null when it is the previous version's after (or there was none). */
  before_data: Uint8Array | null;
  after_data: Uint8Array;
  /** The version whose state starts the chain of differences this version's after ends. */
  chain_start: number;
  /** Differences applied from that whole state to reach this version's after. */
  chain_length: number;
  /** Their stored bytes. */
  chain_bytes: number;
  /** Stored bytes of that whole state. */
  full_bytes: number;
}

export interface CourseNodesTable {
  node_id: string;
  course_id: string;
  kind: 'section' | 'lesson' | 'topic' | 'criterion';
}

export interface ConsoleTables {
  sessions: SessionsTable;
  roles: RolesTable;
  audit_log: AuditLogTable;
  relay_events: RelayEventsTable;
  relay_kinds: RelayKindsTable;
  sign_in_buckets: SignInBucketsTable;
  sign_in_failures: SignInFailuresTable;
  scheduled_actions: ScheduledActionsTable;
  publish_requests: PublishRequestsTable;
  course_versions: CourseVersionsTable;
  course_nodes: CourseNodesTable;
}
