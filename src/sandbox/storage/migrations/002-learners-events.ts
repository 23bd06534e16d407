// Learner activity, the event feed, learner sessions (GraphQL Login) and meetings. Times are epoch
// milliseconds (INTEGER) because the feed orders and filters by them. No foreign keys into content or
// users: activity is history, and deleting a user or a topic must not fail because a learner once
// touched it.
export const migration002 = `
-- One row per enrollment. A learner has at most one enrollment in progress per course; a completed
-- enrollment may be followed by a new one (a retake), so the history stays append-only.
CREATE TABLE course_enrollments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  course_id TEXT NOT NULL,
  source TEXT NOT NULL,
  progress_percent INTEGER NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
  enrolled_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE UNIQUE INDEX course_enrollments_active
  ON course_enrollments(company_id, user_id, course_id) WHERE completed_at IS NULL;
CREATE INDEX course_enrollments_course ON course_enrollments(course_id);

-- Every progress step (the courseAction feed's domain rows).
CREATE TABLE course_progress (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  enrollment_id TEXT NOT NULL REFERENCES course_enrollments(id),
  topic_id TEXT,
  action TEXT NOT NULL,
  progress_percent INTEGER NOT NULL CHECK (progress_percent BETWEEN 0 AND 100),
  recorded_at INTEGER NOT NULL
);
CREATE INDEX course_progress_enrollment ON course_progress(enrollment_id, seq);

CREATE TABLE course_completions (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  enrollment_id TEXT NOT NULL UNIQUE REFERENCES course_enrollments(id),
  event_id TEXT NOT NULL,
  completed_at INTEGER NOT NULL,
  certificate_id TEXT
);
CREATE INDEX course_completions_uncertified
  ON course_completions(company_id, completed_at) WHERE certificate_id IS NULL;

CREATE TABLE certificates (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  completion_id TEXT NOT NULL UNIQUE REFERENCES course_completions(id),
  issued_at INTEGER NOT NULL
);

CREATE TABLE quiz_attempts (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  enrollment_id TEXT NOT NULL REFERENCES course_enrollments(id),
  topic_id TEXT NOT NULL,
  score REAL NOT NULL,
  passing_score REAL NOT NULL,
  passed INTEGER NOT NULL,
  submitted_at INTEGER NOT NULL
);
CREATE INDEX quiz_attempts_enrollment ON quiz_attempts(enrollment_id);

CREATE TABLE assignment_submissions (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  enrollment_id TEXT NOT NULL REFERENCES course_enrollments(id),
  topic_id TEXT NOT NULL,
  file_count INTEGER NOT NULL,
  submitted_at INTEGER NOT NULL
);
CREATE INDEX assignment_submissions_enrollment ON assignment_submissions(enrollment_id);

CREATE TABLE learning_path_enrollments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  learning_path_id TEXT NOT NULL,
  progress_percent INTEGER NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
  enrolled_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE UNIQUE INDEX learning_path_enrollments_active
  ON learning_path_enrollments(company_id, user_id, learning_path_id) WHERE completed_at IS NULL;

CREATE TABLE learning_path_activity (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  enrollment_id TEXT NOT NULL REFERENCES learning_path_enrollments(id),
  action TEXT NOT NULL,
  progress_percent INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL
);

-- The feed. Each event is stored as the JSON the feed serves (payload), rendered once when it happens:
-- it reads the same forever (a later rename or a deleted user does not rewrite history), and a page
-- is sent without parsing or re-serializing. The id columns are for queries. seq breaks timestamp ties.
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  learner_id TEXT NOT NULL,
  course_id TEXT,
  learning_path_id TEXT,
  topic_id TEXT,
  payload TEXT NOT NULL
);
CREATE INDEX events_feed ON events(company_id, kind, timestamp, seq);
CREATE INDEX events_latest ON events(company_id, timestamp);

-- GraphQL learner sessions: only a SHA-256 of the token is stored.
CREATE TABLE learner_tokens (
  token_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX learner_tokens_user ON learner_tokens(user_id);

CREATE TABLE login_failures (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id TEXT NOT NULL,
  email TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_email ON login_failures(company_id, email, failed_at);

CREATE TABLE meetings (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  title TEXT NOT NULL,
  course_id TEXT,
  starts_at TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL,
  join_url TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX meetings_company ON meetings(company_id, seq);
`;
