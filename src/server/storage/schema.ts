// The console's tables as Kysely sees them (after the latest migration). Times are epoch milliseconds;
// seq columns are the engines' auto-increment keys (SQLite rowid alias, PostgreSQL identity).
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AuditOutcome } from '#contract/console/audit.ts';
import type { SignInMethod } from '#contract/console/session.ts';

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
  sign_in_method: Defaulted<SignInMethod>;
}

export interface RolesTable {
  email: string;
  role: 'admin' | 'contentManager' | 'support';
  source: 'console' | 'cli' | 'env' | 'demo' | 'identityProvider';
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
  /** How the user signed in (null: no session, or a row from before it was recorded). */
  sign_in_method: Defaulted<SignInMethod | null>;
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

export interface SavedViewsTable {
  id: string;
  screen: 'eventMonitor' | 'courseGroups' | 'auditLog';
  name: string;
  /** The name in lower case: one name per owner and screen, whatever its case. */
  name_key: string;
  /** JSON object of the screen's URL search parameters. */
  search: string;
  owner_email: string;
  shared_with: 'admin' | 'contentManager' | 'support' | null;
  version: number;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

export interface SavedViewPinsTable {
  view_id: string;
  email: string;
  pinned_at: number;
}

export interface AlertRulesTable {
  id: string;
  name: string;
  name_key: string;
  /** 0 or 1. */
  enabled: number;
  /** JSON: the contract's AlertCondition. */
  condition: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  version: number;
  created_at: number;
  created_by: string;
  updated_at: number;
  updated_by: string;
  armed_at: number;
  open_alert_id: string | null;
  last_fired_at: number | null;
  pending_since: number | null;
  last_evaluated_at: number | null;
  last_evaluated_by: string | null;
}

export interface AlertsTable {
  seq: Generated<number>;
  id: string;
  rule_id: string;
  rule_name: string;
  text: string;
  observed: number;
  fired_at: number;
  resolved_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
}

export interface AlertReadsTable {
  email: string;
  last_read_seq: number;
}

export interface AlertDeliveriesTable {
  id: string;
  alert_id: string;
  rule_id: string;
  url: string;
  state: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
}

export interface AlertDeliveryAttemptsTable {
  seq: Generated<number>;
  delivery_id: string;
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
/** One learner's events of one kind, course or learning path, summed up (learner-aggregates.ts). */
export interface RelayLearnerItemsTable {
  learner_id: string;
  /** 'kind' | 'course' | 'learningPath' */
  item_type: string;
  item_id: string;
  events: number;
  first_seq: number;
  first_at: number;
  last_at: number;
  last_seq: number;
  enrolled_at: number | null;
  started_at: number | null;
  completed_at: number | null;
  certificate_at: number | null;
  progress: number | null;
  progress_seq: number | null;
  /** JSON: a string (PostgreSQL's text cannot hold the U+0000 a title may). */
  title: string | null;
  title_seq: number | null;
}

/** One learner's latest identity as their events give it (learner-aggregates.ts). */
export interface RelayLearnersTable {
  learner_id: string;
  /** JSON: the contract's LearnerIdentity. */
  identity: string | null;
  identity_at: number | null;
  identity_seq: number | null;
}

/** SQLite only: the FTS5 index over relay_events (migrations/050-relay-search.ts); rowid = seq. */
export interface RelayEventsSearchTable {
  rowid: number;
  /** The table's own column, for `relay_events_search MATCH ...`. */
  relay_events_search: string;
}

export interface NameCacheTable {
  /** 'course' | 'topic' | 'learningPath' */
  type: string;
  id: string;
  state: 'found' | 'missing';
  title: string | null;
  /** JSON (migrations/051-name-cache.ts). */
  detail: string | null;
  checked_at: number;
  expires_at: number;
}
export interface CourseCheckRunsTable {
  course_id: string;
  version: string;
  state: 'running' | 'done' | 'failed';
  run_id: string;
  server_name: string;
  started_at: number;
  beat_at: number;
  links_distinct: number;
  links_done: number;
  finished_at: number | null;
  /** JSON: the contract's CourseCheckReport. */
  report: string | null;
  failure: string | null;
}
/** A sign-in sent to the identity provider, until it comes back (once) or expires. */
export interface SignInTransactionsTable {
  /** SHA-256 of the transaction cookie's value. */
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  /** The console page to open after sign-in. */
  return_to: string;
  expires_at: number;
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
  /** Null for a group request (071). */
  course_id: string | null;
  group_id: string;
  /** 'course' or 'group' (071). */
  target_type: Defaulted<string>;
  /** A group request: JSON [{ courseId, title, version }] of its courses when asked (071). */
  courses: Defaulted<string | null>;
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

/** An approval in progress: the server sending its publish, its run token, its last write (022). */
export interface PublishApprovalsTable {
  request_id: string;
  server: string;
  token: string;
  touched_at: number;
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

/** The console's database, typed by its tables (opened by database.ts). */
export type Db = Kysely<ConsoleTables>;

export interface ConsoleTables {
  sessions: SessionsTable;
  roles: RolesTable;
  audit_log: AuditLogTable;
  relay_events: RelayEventsTable;
  relay_kinds: RelayKindsTable;
  relay_learner_items: RelayLearnerItemsTable;
  relay_learners: RelayLearnersTable;
  sign_in_buckets: SignInBucketsTable;
  sign_in_failures: SignInFailuresTable;
  saved_views: SavedViewsTable;
  saved_view_pins: SavedViewPinsTable;
  alert_rules: AlertRulesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_delivery_attempts: AlertDeliveryAttemptsTable;
  name_cache: NameCacheTable;
  relay_events_search: RelayEventsSearchTable;
  course_check_runs: CourseCheckRunsTable;
  sign_in_transactions: SignInTransactionsTable;
  scheduled_actions: ScheduledActionsTable;
  publish_requests: PublishRequestsTable;
  publish_approvals: PublishApprovalsTable;
  course_versions: CourseVersionsTable;
  course_nodes: CourseNodesTable;
  editor_presence: EditorPresenceTable;
  edit_leases: EditLeasesTable;
}
