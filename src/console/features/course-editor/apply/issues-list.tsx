// The live list of problems in the draft (validation, unsupported edits, the API's answers). Each is
// a button that takes the user to the node or course field it concerns, and says it in words first,
// with the API's exact message beside it when there is one.
import type { Ref } from 'react';
import type { Issue } from '#compiler/index.ts';
import { fieldLabel } from '../../../lib/labels.ts';
import { issueWords } from '../compile/issue-words.ts';

export interface IssuesListProps {
  issues: readonly Issue[];
  /** "Topic “Welcome”", or "Topic 2 in Lesson “Intro”" for one without a title; "Course" for the course. */
  nodeName(id: string): string;
  onGo(issue: Issue): void;
  /** True until the first check of a large draft answers. */
  pending?: boolean;
  /** The heading, focused when apply is asked for with problems left. */
  ref?: Ref<HTMLHeadingElement>;
}

const fieldWords = (field: string) =>
  fieldLabel(
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? field,
  );

export function IssuesList({ issues, nodeName, onGo, pending, ref }: IssuesListProps) {
  const errors = issues.filter((i) => i.severity === 'error').length;
  return (
    <section className="editor-issues" aria-labelledby="issues-title">
      <h2 id="issues-title" className="editor-panel__title" tabIndex={-1} ref={ref}>
        Problems{' '}
        {pending && errors === 0 ? (
          <span className="badge">Checking…</span>
        ) : (
          <span className={`badge ${errors > 0 ? 'badge--danger' : 'badge--success'}`}>
            {errors > 0 ? `${errors} to fix` : 'None'}
          </span>
        )}
      </h2>
      <p className="visually-hidden" role="status">
        {pending && errors === 0
          ? ''
          : errors === 0
            ? 'No problems'
            : `${errors} problem${errors === 1 ? '' : 's'} to fix`}
      </p>
      {pending && issues.length === 0 ? (
        <p className="field__hint">Checking the draft against the API's rules…</p>
      ) : issues.length === 0 ? (
        <p className="field__hint">The draft follows every rule the API checks.</p>
      ) : (
        <ul className="editor-issues__list">
          {issues.map((issue, index) => {
            const words = issueWords(issue);
            return (
              <li key={`${issue.nodeId}-${issue.field ?? ''}-${index}`}>
                <button
                  type="button"
                  className={`issue issue--${issue.severity}`}
                  onClick={() => onGo(issue)}
                >
                  <span className="issue__where">
                    {nodeName(issue.nodeId)}
                    {issue.field ? ` · ${fieldWords(issue.field)}` : ''}
                    {issue.severity === 'warning' ? ' · note' : ''}
                  </span>
                  <span className="issue__message">{words.text}</span>
                  {words.source ? (
                    <span className="issue__source">
                      <span className="visually-hidden">The API says: </span>
                      {words.source}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
