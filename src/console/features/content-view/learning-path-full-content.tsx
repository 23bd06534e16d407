// A learning path's full content: its milestones in order, each with its courses and their status.
import { useSuspenseQuery } from '@tanstack/react-query';
import { MilestoneList } from '../../components/milestone-list.tsx';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { htmlToText } from '../../lib/html-text.ts';
import { plural } from '../../lib/format.ts';
import { contentQueries } from '../../lib/queries/content.ts';

export function LearningPathFullContent({ id }: { id: string }) {
  const { data } = useSuspenseQuery(contentQueries.full('learningPaths', id));
  if (data.type !== 'learningPaths') return null;
  const courses = data.milestones.reduce((sum, m) => sum + m.courses.length, 0);
  return (
    <section className="card" aria-labelledby="path-content-heading">
      <div className="card__header">
        <h2 className="card__title" id="path-content-heading">
          Learning path
        </h2>
        <StatusBadge status={data.learningPath.status} />
      </div>
      <p className="card__hint">
        {plural(data.milestones.length, 'milestone')} · {plural(courses, 'course')}
        {data.learningPath.sku ? ` · SKU ${data.learningPath.sku}` : ''}
      </p>
      {data.learningPath.description ? (
        <p className="content-view__text">{htmlToText(data.learningPath.description)}</p>
      ) : null}
      <MilestoneList milestones={data.milestones} />
    </section>
  );
}
