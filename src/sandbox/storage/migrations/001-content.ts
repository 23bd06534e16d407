// Content, configuration and accounts. Every row belongs to one company: ids are global UUIDs, but
// every query is scoped by company_id so a key never reaches another company's data.
export const migration001 = `
CREATE TABLE companies (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  secret_key TEXT NOT NULL UNIQUE,
  api_access_enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  key TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  permissions TEXT NOT NULL,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE sandbox_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE tags (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX tags_company ON tags(company_id, seq);

CREATE TABLE ribbons (
  company_id TEXT NOT NULL REFERENCES companies(id),
  slug TEXT NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (company_id, slug)
);

CREATE TABLE content_types (
  company_id TEXT NOT NULL REFERENCES companies(id),
  slug TEXT NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (company_id, slug)
);

CREATE TABLE course_groups (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  kind TEXT NOT NULL,
  is_template INTEGER NOT NULL DEFAULT 0,
  language TEXT NOT NULL DEFAULT 'en',
  content_type TEXT NOT NULL,
  authors TEXT NOT NULL DEFAULT '[]',
  source TEXT,
  description TEXT NOT NULL DEFAULT '',
  display_course_id TEXT,
  archived INTEGER NOT NULL DEFAULT 0,
  tag_ids TEXT NOT NULL DEFAULT '[]',
  custom_fields TEXT NOT NULL DEFAULT '{}',
  asset TEXT,
  asset_alt_text TEXT,
  detail_asset TEXT,
  detail_asset_alt_text TEXT,
  ribbon TEXT,
  meta_title TEXT,
  meta_description TEXT,
  related_course_group_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, slug)
);
CREATE INDEX course_groups_company ON course_groups(company_id, seq);
CREATE INDEX course_groups_kind ON course_groups(company_id, kind, seq);
CREATE INDEX course_groups_archived ON course_groups(company_id, archived, seq);
CREATE INDEX course_groups_template ON course_groups(company_id, is_template, seq);

CREATE TABLE courses (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  course_group_id TEXT NOT NULL REFERENCES course_groups(id),
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  sku TEXT,
  isbn TEXT,
  discussions_enabled INTEGER NOT NULL DEFAULT 0,
  available_to_public INTEGER NOT NULL DEFAULT 0,
  enrollment_limit INTEGER,
  enrollment_start_date TEXT NOT NULL,
  enrollment_end_date TEXT,
  course_start_date TEXT NOT NULL,
  course_end_date TEXT,
  grace_period_end_date TEXT,
  price_in_cents INTEGER NOT NULL DEFAULT 0,
  free_with_registration INTEGER NOT NULL DEFAULT 0,
  purchasable INTEGER NOT NULL DEFAULT 0,
  future_publish_date TEXT,
  publish_date TEXT,
  custom_fields TEXT NOT NULL DEFAULT '{}',
  force_linear_progress INTEGER NOT NULL DEFAULT 0,
  show_progress INTEGER NOT NULL DEFAULT 1,
  prerequisite_course_ids TEXT NOT NULL DEFAULT '[]',
  prerequisite_learning_path_ids TEXT NOT NULL DEFAULT '[]',
  scorm_url TEXT,
  width INTEGER,
  height INTEGER,
  embedded_enabled INTEGER,
  reset_session_after_complete INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, sku)
);
CREATE INDEX courses_group ON courses(course_group_id, seq);
CREATE INDEX courses_company ON courses(company_id, seq);

CREATE TABLE sections (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  course_id TEXT NOT NULL REFERENCES courses(id),
  title TEXT NOT NULL,
  release_date TEXT,
  display_order INTEGER NOT NULL
);
CREATE INDEX sections_course ON sections(course_id, display_order, seq);

CREATE TABLE lessons (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  course_id TEXT NOT NULL REFERENCES courses(id),
  section_id TEXT NOT NULL REFERENCES sections(id),
  title TEXT NOT NULL,
  open_type TEXT NOT NULL,
  display_order INTEGER NOT NULL
);
CREATE INDEX lessons_section ON lessons(section_id, display_order, seq);
CREATE INDEX lessons_course ON lessons(course_id, seq);

-- Topic content fields (body, languages, video fields...) are kept in one JSON column: which fields
-- exist depends on the type (contract/topic-fields.ts).
CREATE TABLE topics (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  course_id TEXT NOT NULL REFERENCES courses(id),
  lesson_id TEXT NOT NULL REFERENCES lessons(id),
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  display_order INTEGER NOT NULL,
  fields TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX topics_lesson ON topics(lesson_id, display_order, seq);
CREATE INDEX topics_course ON topics(course_id, seq);

CREATE TABLE completion_criteria (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  course_id TEXT NOT NULL REFERENCES courses(id),
  topic_id TEXT,
  type TEXT NOT NULL,
  fields TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX completion_criteria_course ON completion_criteria(course_id, seq);

CREATE TABLE learning_paths (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  sku TEXT,
  status TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, slug)
);

CREATE TABLE learning_path_milestones (
  id TEXT PRIMARY KEY,
  learning_path_id TEXT NOT NULL REFERENCES learning_paths(id),
  title TEXT NOT NULL,
  display_order INTEGER NOT NULL
);

CREATE TABLE learning_path_milestone_courses (
  milestone_id TEXT NOT NULL REFERENCES learning_path_milestones(id),
  course_id TEXT NOT NULL REFERENCES courses(id),
  display_order INTEGER NOT NULL,
  PRIMARY KEY (milestone_id, course_id)
);

CREATE TABLE certificate_templates (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  name TEXT NOT NULL,
  orientation TEXT NOT NULL,
  body TEXT NOT NULL,
  course_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE translations (
  company_id TEXT NOT NULL,
  content_type TEXT NOT NULL,
  content_id TEXT NOT NULL,
  language TEXT NOT NULL,
  units TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company_id, content_type, content_id, language)
);

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  payload TEXT,
  failure_reason TEXT,
  run_after_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX jobs_pending ON jobs(status, run_after_ms);
CREATE INDEX jobs_company_status ON jobs(company_id, status);

CREATE TABLE job_uploads (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL REFERENCES jobs(id),
  topic_id TEXT,
  course_id TEXT,
  course_group_id TEXT,
  field TEXT NOT NULL,
  content_type TEXT NOT NULL,
  url TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT
);
CREATE INDEX job_uploads_job ON job_uploads(job_id, seq);

-- Learners (and staff: console users sign in with their learner account).
CREATE TABLE users (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (company_id, email)
);
CREATE INDEX users_company ON users(company_id, seq);
`;
