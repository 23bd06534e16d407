// Two versions of a course side by side: the fields of the course that changed, its completion
// criteria, and its outline with the earlier version on the left and the later on the right. Nodes are
// matched by id, so a moved node reads "moved from …" and a renamed one "renamed from …"; unchanged runs
// are folded into a count.
import { useSuspenseQuery } from '@tanstack/react-query';
import type { CompareRow, NodeChange } from '#contract/console/history.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { valueWords } from '../../lib/change-words.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { fieldLabel } from '../../lib/labels/fields.ts';
import { historyQueries } from './history-api.ts';

const LEVEL = { section: 'Section', lesson: 'Lesson', topic: 'Topic' } as const;

function nodeNotes(change: NodeChange | undefined): string[] {
  if (!change) return [];
  if (change.change === 'added') return ['added'];
  if (change.change === 'removed') return ['removed'];
  const notes: string[] = [];
  if (change.renamedFrom !== null) notes.push(`renamed from “${change.renamedFrom}”`);
  if (change.movedFrom && change.movedTo)
    notes.push(`moved from “${change.movedFrom.title}” to “${change.movedTo.title}”`);
  if (change.reordered) notes.push('moved within its parent');
  if (change.fields.length > 0)
    notes.push(`changed: ${change.fields.map((field) => fieldLabel(field.field)).join(', ')}`);
  return notes;
}

function OutlineRow({ row, changes }: { row: CompareRow; changes: Map<string, NodeChange> }) {
  const indent = { paddingLeft: `${row.depth * 1.25}rem` };
  if ('same' in row)
    return (
      <li className="compare__row compare__row--same" style={indent}>
        {plural(row.same, 'unchanged item')}
      </li>
    );
  const change = changes.get(row.id);
  const notes = nodeNotes(change);
  return (
    <li className={`compare__row${row.changed ? ' compare__row--changed' : ''}`}>
      <span className="compare__cell" style={indent}>
        {row.before !== null ? (
          <>
            <span className="compare__level">{LEVEL[row.kind]}</span> {row.before}
          </>
        ) : null}
      </span>
      <span className="compare__cell" style={indent}>
        {row.after !== null ? (
          <>
            <span className="compare__level">{LEVEL[row.kind]}</span> {row.after}
          </>
        ) : null}
        {notes.length > 0 ? <span className="compare__note">{notes.join('; ')}</span> : null}
      </span>
    </li>
  );
}

export function VersionCompare({
  courseId,
  from,
  to,
}: {
  courseId: string;
  from: number;
  to: number;
}) {
  const { data } = useSuspenseQuery(historyQueries.compare(courseId, from, to));
  const { diff } = data;
  const changes = new Map(diff.nodes.map((node) => [node.id, node]));
  const own = from === to;
  const left = own ? `Before version ${from}` : `Version ${data.from.number}`;
  const right = `Version ${data.to.number}`;
  const nothing = diff.course.length === 0 && diff.nodes.length === 0 && diff.criteria.length === 0;
  return (
    <section className="compare" aria-label={`${left} compared with ${right}`}>
      <p className="compare__heading">
        <strong>{left}</strong>
        {own ? '' : ` (${formatDateTime(data.from.at)})`} compared with <strong>{right}</strong> (
        {formatDateTime(data.to.at)})
      </p>
      {nothing ? <p className="muted">No differences.</p> : null}
      {diff.course.length > 0 ? (
        <>
          <h4 className="panel__title">Course</h4>
          <ul className="compare__fields">
            {diff.course.map((field) => (
              <li key={`${field.scope}:${field.field}`}>
                {fieldLabel(field.field)}: {valueWords(field.field, field.before)} →{' '}
                {valueWords(field.field, field.after)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {diff.criteria.length > 0 ? (
        <>
          <h4 className="panel__title">Completion criteria</h4>
          <ul className="compare__fields">
            {diff.criteria.map((criterion) => (
              <li key={criterion.id}>
                {criterion.change === 'added'
                  ? `Added: ${valueWords('completionCriteria', criterionOf(criterion.after))}`
                  : criterion.change === 'removed'
                    ? `Removed: ${valueWords('completionCriteria', criterionOf(criterion.before))}`
                    : `${valueWords('completionCriteria', criterionOf(criterion.before))} → ${valueWords('completionCriteria', criterionOf(criterion.after))}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {diff.nodes.length > 0 ? (
        <>
          <h4 className="panel__title">
            Outline{' '}
            <Badge tone="neutral">
              {[
                diff.counts.added && `${diff.counts.added} added`,
                diff.counts.removed && `${diff.counts.removed} removed`,
                diff.counts.moved && `${diff.counts.moved} moved`,
                diff.counts.reordered && `${diff.counts.reordered} reordered`,
                diff.counts.renamed && `${diff.counts.renamed} renamed`,
                diff.counts.changed && `${diff.counts.changed} changed`,
              ]
                .filter(Boolean)
                .join(', ')}
            </Badge>
          </h4>
          <div className="compare__columns" aria-hidden="true">
            <span>{left}</span>
            <span>{right}</span>
          </div>
          <ul className="compare__outline">
            {data.rows.map((row, index) => (
              <OutlineRow
                key={'id' in row ? row.id : `same-${index}`}
                row={row}
                changes={changes}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function criterionOf(record: Record<string, unknown> | null) {
  if (!record || typeof record.type !== 'string') return null;
  return { type: record.type, value: record[record.type] ?? null };
}
