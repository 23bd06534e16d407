// Words for the Content API's wire values: every enum the console shows, named once, so every screen
// says "Micro-course" and "Enrolled learners only" where the API says `microCourse` and
// `studentsOnly`. The contract keeps the wire values; the wire value itself appears only where it
// helps (JSON previews, tooltips, exports).
//
// The words live in `labels/`, one module per subject, and a screen imports the ones it shows: a
// signed-in page loads only the catalog's (`labels/catalog.ts`, in the chunk every signed-in page
// shares) before its heading, not every field name and topic type (about 3 KB gzip in all). This
// module names them all in one place, for the course editor and a learner's timeline, which import
// it (a module of re-exports only: the bundle resolves each name to its own module).
export { KIND_LABELS, STATUS_LABELS, contentTypeLabel, labelFor } from './labels/catalog.ts';
export {
  ASSET_TYPE_LABELS,
  OPEN_TYPE_LABELS,
  TOPIC_CONTENT_LABELS,
  TOPIC_TYPE_LABELS,
} from './labels/topics.ts';
export { FIELD_LABELS, fieldLabel } from './labels/fields.ts';
export { optionLabel } from './labels/options.ts';
export { COMPLETION_CRITERIA_LABELS, CRITERION_VALUE_LABELS } from './labels/criteria.ts';
export {
  CONTENT_SORT_LABELS,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPE_SINGULAR,
} from './labels/search.ts';
export { EVENT_KIND_LABELS } from './labels/events.ts';
export { BULK_IMPORT_LABELS, JOB_STATUS_LABELS, UPLOAD_TYPE_LABELS } from './labels/jobs.ts';
export { AUDIT_SUBJECT_LABELS, signInMethodLabel } from './labels/audit.ts';
export { ORIENTATION_LABELS } from './labels/templates.ts';
/** The console's own roles (the console server's, not the Content API's). */
export { ROLE_LABELS } from './role-labels.ts';
