// A course's report (the contract's CourseCheckReport) from its draft check and its link findings, and
// what the editor shows: the checks of the draft in hand with the link findings of the saved course.
import type { CheckFinding, CourseCheckReport } from '#contract/console/course-checks.ts';
import type { CourseDraft } from '../draft/schema.ts';
import { countFindings, sortFindings } from './findings.ts';

export interface ReportInput {
  draft: CourseDraft;
  version: string;
  checkedAt: Date;
  durationMs: number;
  /** Findings of the draft check (checkDraft) and of its links (linkFindings). */
  findings: readonly CheckFinding[];
  links: CourseCheckReport['links'];
}

export function assembleReport(input: ReportInput): CourseCheckReport {
  const { draft } = input;
  if (!draft.serverIds) throw new Error('Only a saved course has a report');
  const findings = sortFindings(input.findings);
  return {
    state: 'done',
    courseId: draft.serverIds.courseId,
    courseGroupId: draft.serverIds.courseGroupId,
    title: draft.attributes.title,
    version: input.version,
    checkedAt: input.checkedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    counts: countFindings(findings),
    links: input.links,
    findings,
  };
}

/** Findings only the console server can make: the answers of fetched links. */
export const isFetchedLinkFinding = (finding: CheckFinding) =>
  finding.category === 'links' && finding.rule !== 'linkRelative';

/**
 * The editor's list: the draft's own findings (fresh at every edit) and, from the report of the saved
 * course, the fetched links' findings (fresh at the next apply).
 */
export function draftWithSavedLinks(
  local: readonly CheckFinding[],
  saved: CourseCheckReport | undefined,
): CheckFinding[] {
  return sortFindings([...local, ...(saved?.findings.filter(isFetchedLinkFinding) ?? [])]);
}
