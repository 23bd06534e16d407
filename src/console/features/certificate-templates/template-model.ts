// Certificate templates to create or change, pure. The spec names the two bulk endpoints and nothing
// else: the fields (name, orientation, body, courses) are the sandbox's (its OpenAPI document), checked
// here with the contract's schemas before anything is sent.
import { formatZodIssues } from '#contract/format-issues.ts';
import { CertificateTemplateCreate, CertificateTemplateUpdate } from '#contract/schemas/release.ts';
import type { z } from 'zod';

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

const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  id: 'Template id',
  orientation: 'Orientation',
  body: 'Body',
  courseIds: 'Courses',
};

function problemsOf(error: z.ZodError): string[] {
  return formatZodIssues(error).map((issue) => {
    const field = /^(\w+)/.exec(issue)?.[1] ?? '';
    return FIELD_WORDS[field] ? issue.replace(field, FIELD_WORDS[field]) : issue;
  });
}

export function templateRequest(draft: TemplateDraft, mode: 'create' | 'update'): TemplateRequest {
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
