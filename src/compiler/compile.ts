// The compiler's front door, in the order of its flow: validate the draft (validate.ts), then plan the
// requests (create/ or update/). Issues come out in that order: the draft's own problems first.
import { planCreate, type CompileCreateOptions } from './create/plan-create.ts';
import type { CourseDraft } from './draft/schema.ts';
import { dedupeIssues, type Issue } from './issues.ts';
import type { CompileResult } from './plan/types.ts';
import type { Baseline } from './update/baseline.ts';
import { planUpdate, type CompileUpdateOptions } from './update/plan-update.ts';
import { validateDraft } from './validate.ts';

export type { CompileCreateOptions, CompileUpdateOptions };

export function compileCreate(
  drafts: readonly CourseDraft[],
  options: CompileCreateOptions = {},
): CompileResult {
  const found = drafts.flatMap((draft) => validateDraft(draft));
  const planned = planCreate(drafts, options);
  return { plan: planned.plan, issues: dedupeIssues([...found, ...planned.issues]) };
}

export function compileUpdate(
  baseline: Baseline,
  draft: CourseDraft,
  options: CompileUpdateOptions = {},
): CompileResult {
  const found = validateDraft(draft);
  const planned = planUpdate(baseline, draft, options);
  // Validation already reports a field's problem in the create wording; the request check says the
  // same in the update wording: keep the first.
  const place = (issue: Issue) => `${issue.nodeId}|${issue.field ?? ''}`;
  const located = new Set([...found, ...planned.issues].map(place));
  return {
    plan: planned.plan,
    issues: dedupeIssues([
      ...found,
      ...planned.issues,
      ...planned.requestIssues.filter((issue) => !located.has(place(issue))),
    ]),
  };
}
