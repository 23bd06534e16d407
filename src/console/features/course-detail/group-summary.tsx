import type { CourseGroup } from '#contract/schemas/read-models.ts';
import { formatDateTime } from '../../lib/format.ts';
import { contentTypeLabel, KIND_LABELS } from '../../lib/labels/catalog.ts';
import { htmlToText } from '../../lib/html-text.ts';

export function GroupSummary({ group }: { group: CourseGroup }) {
  const description = htmlToText(group.description);
  const rows: [string, string][] = [
    ['Slug', group.slug],
    ['Kind', KIND_LABELS[group.kind]],
    ['Language', group.language],
    ['Content type', contentTypeLabel(group.contentType)],
    ['Template', group.isTemplate ? 'Yes' : 'No'],
    ['Archived', group.archived ? 'Yes' : 'No'],
    ['Authors', group.authors.join(', ') || '—'],
    ['Source', group.source ?? '—'],
    ['Ribbon', group.ribbon ?? '—'],
    ['Tags', group.tagIds.length > 0 ? String(group.tagIds.length) : '—'],
    ['Courses', String(group.courseCount)],
    ['Created', formatDateTime(group.createdAt)],
    ['Updated', formatDateTime(group.updatedAt)],
  ];
  return (
    <section className="card" aria-labelledby="group-summary-heading">
      <h2 className="card__title" id="group-summary-heading">
        Details
      </h2>
      {description ? <p className="card__text">{description}</p> : null}
      <dl className="details-list">
        {rows.map(([term, value]) => (
          <div key={term} className="details-list__row">
            <dt>{term}</dt>
            <dd className={term === 'Slug' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
