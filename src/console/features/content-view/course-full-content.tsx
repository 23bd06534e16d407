// A course's full content: its facts (price, dates, enrollment, progress settings), the group it
// belongs to, and its structure with completion criteria.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CourseStructure } from '#contract/schemas/read-models.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { describeCriterion } from '../../lib/completion-criteria.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { KIND_LABELS } from '../../lib/labels/catalog.ts';
import { formatCents } from '../../lib/money.ts';
import { contentQueries } from '../../lib/queries/content.ts';
import { FactList } from './fact-list.tsx';

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

export function CourseFullContent({
  id,
  renderStructure,
}: {
  id: string;
  renderStructure?: ((structure: CourseStructure) => ReactNode) | undefined;
}) {
  const { data } = useSuspenseQuery(contentQueries.full('courses', id));
  if (data.type !== 'courses') return null;
  const { course, courseGroup: group, structure } = data;
  const topics = new Map(
    structure.sections.flatMap((s) => s.lessons.flatMap((l) => l.topics)).map((t) => [t.id, t]),
  );
  return (
    <>
      <section className="card" aria-labelledby="course-heading">
        <div className="card__header">
          <h2 className="card__title" id="course-heading">
            Course
          </h2>
          <StatusBadge status={course.status} />
        </div>
        <FactList
          facts={[
            ['Kind', KIND_LABELS[course.kind]],
            [
              'Course group',
              <GroupLink key="g" groupId={group.id} courseId={course.id} title={group.title} />,
            ],
            ['Price', formatCents(course.priceInCents)],
            ['SKU', course.sku ?? '—'],
            ['ISBN', course.isbn ?? '—'],
            ['Purchasable', yesNo(course.purchasable)],
            ['Free with registration', yesNo(course.freeWithRegistration)],
            [
              'Enrollment limit',
              course.enrollmentLimit === null ? 'No limit' : formatCount(course.enrollmentLimit),
            ],
            ['Enrollment opens', formatDateTime(course.enrollmentStartDate)],
            ['Enrollment closes', formatDateTime(course.enrollmentEndDate)],
            ['Course starts', formatDateTime(course.courseStartDate)],
            ['Course ends', formatDateTime(course.courseEndDate)],
            ['Grace period ends', formatDateTime(course.gracePeriodEndDate)],
            ['Linear progress', yesNo(course.forceLinearProgress)],
            ['Shows progress', yesNo(course.showProgress)],
            ['Discussions', yesNo(course.discussionsEnabled)],
            ['Public without login', yesNo(course.availableToPublic)],
            ['Updated', formatDateTime(course.updatedAt)],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="criteria-heading">
        <h2 className="card__title" id="criteria-heading">
          Completion criteria
        </h2>
        {structure.completionCriteria.length === 0 ? (
          <p className="muted">No completion criteria.</p>
        ) : (
          <ul className="content-view__criteria">
            {structure.completionCriteria.map((criterion) => (
              <li key={criterion.id}>
                {describeCriterion(criterion, (topicId) => topics.get(topicId)?.title)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="structure-heading">
        <h2 className="card__title" id="structure-heading">
          Structure
        </h2>
        {renderStructure ? renderStructure(structure) : null}
      </section>
    </>
  );
}

function GroupLink({
  groupId,
  courseId,
  title,
}: {
  groupId: string;
  courseId: string;
  title: string;
}) {
  return (
    <Link to="/course-groups/$groupId" params={{ groupId }} search={{ course: courseId }}>
      {title}
    </Link>
  );
}
