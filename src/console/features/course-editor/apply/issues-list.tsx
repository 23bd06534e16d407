// The live list of problems in the draft (validation, unsupported edits, the API's answers). Each
// issue is a button that takes the user to the node (or course field) it concerns.
import type { Issue } from '#compiler/index.ts';

export function IssuesList({
  issues,
  nodeTitle,
  onGo,
}: {
  issues: readonly Issue[];
  nodeTitle(id: string): string;
  onGo(issue: Issue): void;
}) {
  const errors = issues.filter((i) => i.severity === 'error').length;
  return (
    <section className="editor-issues" aria-labelledby="issues-title">
      <h2 id="issues-title" className="editor-panel__title">
        Problems{' '}
        <span className={`badge ${errors > 0 ? 'badge--danger' : 'badge--success'}`}>
          {errors > 0 ? `${errors} to fix` : 'None'}
        </span>
      </h2>
      <p className="visually-hidden" role="status">
        {errors === 0 ? 'No problems' : `${errors} problem${errors === 1 ? '' : 's'} to fix`}
      </p>
      {issues.length === 0 ? (
        <p className="field__hint">The draft follows every rule the API checks.</p>
      ) : (
        <ul className="editor-issues__list">
          {issues.map((issue, index) => (
            <li key={`${issue.nodeId}-${issue.field ?? ''}-${index}`}>
              <button
                type="button"
                className={`issue issue--${issue.severity}`}
                onClick={() => onGo(issue)}
              >
                <span className="issue__where">
                  {nodeTitle(issue.nodeId)}
                  {issue.field ? ` · ${issue.field}` : ''}
                </span>
                <span className="issue__message">{issue.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
