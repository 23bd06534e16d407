// Console state: sessions, roles, audit log, relayed events and the relay's checkpoints. Times are epoch
// milliseconds. Applied in order by database.ts through PRAGMA user_version.
export const CONSOLE_MIGRATIONS: readonly string[] = [
  `
-- Only a SHA-256 of the session id is stored: a copy of the database does not hand out sessions.
-- The learner token from GraphQL Login stays here and is never sent to the browser.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  user_id TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  learner_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_email ON sessions(email);
CREATE INDEX sessions_expiry ON sessions(expires_at);

CREATE TABLE roles (
  email TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('admin', 'contentManager', 'support')),
  source TEXT NOT NULL CHECK (source IN ('console', 'cli', 'env', 'demo')),
  granted_by TEXT,
  granted_at INTEGER NOT NULL
);

CREATE TABLE audit_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  user_email TEXT,
  role TEXT,
  client_address TEXT,
  method TEXT NOT NULL,
  route TEXT NOT NULL,
  path TEXT NOT NULL,
  operation TEXT NOT NULL,
  summary TEXT NOT NULL,
  body_sha256 TEXT,
  body_bytes INTEGER,
  status INTEGER NOT NULL,
  upstream_status INTEGER,
  job_id TEXT,
  refusal TEXT,
  duration_ms REAL NOT NULL
);
CREATE INDEX audit_user ON audit_log(user_email, seq);
CREATE INDEX audit_route ON audit_log(route, seq);
CREATE INDEX audit_at ON audit_log(at);

-- seq is the relay's own monotonic sequence: the SSE id and the history cursor.
CREATE TABLE relay_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  learner_id TEXT,
  learner_email TEXT,
  learner_name TEXT,
  course_id TEXT,
  learning_path_id TEXT,
  payload TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  -- Idempotent storage: a re-read event (inclusive restart, overlapping polls) is a no-op insert.
  UNIQUE (kind, event_id)
);
CREATE INDEX relay_events_kind ON relay_events(kind, seq);
CREATE INDEX relay_events_learner ON relay_events(learner_id, seq);
CREATE INDEX relay_events_email ON relay_events(learner_email, seq);
CREATE INDEX relay_events_course ON relay_events(course_id, seq);
CREATE INDEX relay_events_path ON relay_events(learning_path_id, seq);
CREATE INDEX relay_events_timestamp ON relay_events(timestamp);

-- checkpoint: the highest event timestamp of a cursor chain read to hasMore false (spec 6).
CREATE TABLE relay_kinds (
  kind TEXT PRIMARY KEY,
  checkpoint INTEGER,
  last_success_at INTEGER,
  last_error TEXT,
  last_error_at INTEGER,
  throttled_until INTEGER,
  stored_total INTEGER NOT NULL DEFAULT 0
);
`,
  `
-- The courses, groups and learning paths a call touched: JSON [{ type, id, title }] (audit/subjects.ts).
ALTER TABLE audit_log ADD COLUMN subjects TEXT NOT NULL DEFAULT '[]';
`,
];
