// The Checks panel: a course's findings grouped by severity (errors, warnings, notes), each a button
// that takes the user to its item; a line says what was checked and when, with "Check again".
import { useId, type ReactNode } from 'react';
import {
  CHECK_SEVERITIES,
  type CheckFinding,
  type CheckItem,
  type CheckSeverity,
} from '#contract/console/course-checks.ts';
import { Button } from '../../components/ui/button.tsx';
import { plural } from '../../lib/format.ts';
import './course-checks.css';

const GROUP_TITLES: Record<CheckSeverity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  note: ['note', 'notes'],
};

export interface ChecksPanelProps {
  findings: readonly CheckFinding[];
  /** What was checked and when: "Links checked at 14:02", "Checking links: 3 of 7". */
  status: ReactNode;
  /** Takes the user to the finding's item (the outline selects it). */
  onSelect?(item: CheckItem, finding: CheckFinding): void;
  onRefresh?(): void;
  refreshing?: boolean;
  /** Heading level of the panel's title (2 in the editor, 3 inside the course card). */
  level?: 2 | 3;
  /** True until the first report is there: no findings are known yet. */
  pending?: boolean;
}

export function ChecksPanel({
  findings,
  status,
  onSelect,
  onRefresh,
  refreshing = false,
  level = 2,
  pending = false,
}: ChecksPanelProps) {
  const id = useId();
  const Heading = `h${level}` as const;
  const Sub = `h${level + 1}` as 'h3' | 'h4';
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <section className="checks" aria-labelledby={`${id}-title`} data-testid="checks-panel">
      <Heading id={`${id}-title`} className="checks__title">
        Checks{' '}
        {pending ? (
          <span className="badge">Checking…</span>
        ) : (
          <span className={`badge ${errors > 0 ? 'badge--danger' : 'badge--success'}`}>
            {errors > 0 ? plural(errors, 'error') : 'No errors'}
          </span>
        )}
      </Heading>
      <div className="checks__status">
        <p role="status">{status}</p>
        {onRefresh ? (
          <Button size="sm" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Checking…' : 'Check again'}
          </Button>
        ) : null}
      </div>
      {pending ? null : findings.length === 0 ? (
        <p className="field__hint">Nothing to fix: every check passes.</p>
      ) : (
        CHECK_SEVERITIES.map((severity) => {
          const group = findings.filter((f) => f.severity === severity);
          if (group.length === 0) return null;
          const [one, many] = GROUP_TITLES[severity];
          return (
            <div key={severity} className="checks__group">
              <Sub className={`checks__group-title checks__group-title--${severity}`}>
                {group.length} {group.length === 1 ? one : many}
              </Sub>
              <ul className="checks__list">
                {group.map((finding) => (
                  <li key={finding.key}>
                    <FindingRow finding={finding} onSelect={onSelect} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}

function FindingRow({
  finding,
  onSelect,
}: {
  finding: CheckFinding;
  onSelect?: ChecksPanelProps['onSelect'];
}) {
  const { item, alsoIn } = finding;
  const content = (
    <>
      <span className="finding__where" title={`${item.place} · ${item.title || '(untitled)'}`}>
        {item.place} · {item.title || '(untitled)'}
      </span>
      <span className="finding__message">{finding.message}</span>
      {finding.fix ? <span className="finding__fix">{finding.fix}</span> : null}
      {alsoIn?.length ? (
        <span className="finding__also">
          Also in {alsoIn.map((other) => `“${other.title || other.place}”`).join(', ')}
        </span>
      ) : null}
    </>
  );
  const className = `finding finding--${finding.severity}`;
  if (!onSelect) return <div className={className}>{content}</div>;
  return (
    <button
      type="button"
      className={className}
      data-finding={finding.rule}
      onClick={() => onSelect(item, finding)}
    >
      {content}
    </button>
  );
}
