// Problems found in a draft or a plan, located at the draft node they concern.
export type IssueSeverity = 'error' | 'warning';

/**
 * `rule`: a rule of the API (spec 7.2, 8) or a type rule (2.3-2.5); `shape`: a zod shape check;
 * `unsupported`: an edit the API cannot express; `binding`: new ids could not be bound after a re-read;
 * `server`: a message the API answered with.
 */
export type IssueCode = 'rule' | 'shape' | 'unsupported' | 'binding' | 'server' | 'split';

export interface Issue {
  /** The draft node's client id (the course draft's own client id for course-level issues). */
  nodeId: string;
  field?: string;
  message: string;
  severity: IssueSeverity;
  code: IssueCode;
}

export const hasErrors = (issues: readonly Issue[]): boolean =>
  issues.some((issue) => issue.severity === 'error');

/**
 * Drop repeats of the same message at the same place (zod refinements and direct rules overlap), and
 * a schema's generic wording where an API rule speaks about the same field in the spec's words (a
 * cleared title is "course must have a non-empty title", not also "expected string").
 */
export function dedupeIssues(issues: readonly Issue[]): Issue[] {
  const place = (issue: Issue) => `${issue.nodeId}\u0000${issue.field ?? ''}`;
  const ruled = new Set(
    issues
      .filter((issue) => issue.code === 'rule' && issue.severity === 'error' && issue.field)
      .map(place),
  );
  const seen = new Set<string>();
  return issues.filter((issue) => {
    if (issue.code === 'shape' && issue.field && ruled.has(place(issue))) return false;
    const key = `${place(issue)}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
