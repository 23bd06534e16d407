// Certificate templates to create or change, pure: checked with the contract's schemas before anything
// is sent (where the fields come from: docs/guides/admin.md#certificate-templates), and each problem
// said in an admin's words, not the schema's.
import { CertificateTemplateCreate, CertificateTemplateUpdate } from '#contract/schemas/release.ts';
import type { z } from '#contract/zod.ts';

/** Whether a send creates new templates or changes existing ones (by id). */
export type TemplateMode = 'create' | 'update';
export type Orientation = 'landscape' | 'portrait';

export interface TemplateDraft {
  /** Local key of the row. */
  key: string;
  /** Change mode: the template's id. */
  id: string;
  name: string;
  orientation: Orientation | '';
  body: string;
  courses: readonly { id: string; title: string }[];
  /** Change mode: replace the template's courses with `courses` (otherwise they stay). */
  replaceCourses: boolean;
}

export const emptyDraft = (key: string): TemplateDraft => ({
  key,
  id: '',
  name: '',
  orientation: 'landscape',
  body: '',
  courses: [],
  replaceCourses: false,
});

export type TemplateRequest =
  | { ok: true; create: z.input<typeof CertificateTemplateCreate>; update?: undefined }
  | { ok: true; update: z.input<typeof CertificateTemplateUpdate>; create?: undefined }
  | { ok: false; problems: string[] };

/** What each field needs, in words; a schema message ("Too small: expected string…") is never shown. */
const FIELD_PROBLEMS: Record<string, string> = {
  name: 'Name: type a name for the template.',
  id: 'Template id: paste the id of the template to change (as the list of saved templates shows it).',
  orientation: 'Orientation: choose landscape or portrait.',
  body: 'Body: write what the certificate says.',
  courseIds: 'Courses: pick the courses again; one of them is not a course id.',
};

function problemsOf(error: z.core.$ZodError): string[] {
  const fields = error.issues.map((issue) => String(issue.path[0] ?? ''));
  return [...new Set(fields)].map(
    (field) => FIELD_PROBLEMS[field] ?? 'This template cannot be sent as it is.',
  );
}

/** A row nobody has typed in yet: its problems wait until someone does. */
export function isUntouched(draft: TemplateDraft, mode: TemplateMode): boolean {
  const empty = emptyDraft(draft.key);
  return (
    draft.id.trim() === '' &&
    draft.name.trim() === '' &&
    draft.body === '' &&
    draft.courses.length === 0 &&
    !draft.replaceCourses &&
    (draft.orientation === empty.orientation || (mode === 'update' && draft.orientation === ''))
  );
}

export function templateRequest(draft: TemplateDraft, mode: TemplateMode): TemplateRequest {
  const courseIds = draft.courses.map((course) => course.id);
  if (mode === 'create') {
    const parsed = CertificateTemplateCreate.safeParse({
      name: draft.name.trim(),
      orientation: draft.orientation || undefined,
      body: draft.body,
      courseIds,
    });
    return parsed.success
      ? { ok: true, create: parsed.data }
      : { ok: false, problems: problemsOf(parsed.error) };
  }
  const parsed = CertificateTemplateUpdate.safeParse({
    id: draft.id.trim(),
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(draft.orientation ? { orientation: draft.orientation } : {}),
    ...(draft.body ? { body: draft.body } : {}),
    ...(draft.replaceCourses ? { courseIds } : {}),
  });
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
  if (Object.keys(parsed.data).length === 1)
    return { ok: false, problems: ['Nothing to change: fill in at least one field.'] };
  return { ok: true, update: parsed.data };
}
