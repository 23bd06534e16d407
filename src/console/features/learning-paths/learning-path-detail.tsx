// One learning path: its status, slug and SKU, the publish actions for those who may, and its
// milestones with the status of each course.
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { learningPathQueries, type LearningPath } from '../../lib/queries/learning-paths.ts';

export interface LearningPathDetailProps {
  id: string;
  /** The publish actions (the route composes them; features do not import each other). */
  renderActions?: ((path: LearningPath) => ReactNode) | undefined;
}

export function LearningPathDetail({ id, renderActions }: LearningPathDetailProps) {
  const { data } = useSuspenseQuery(learningPathQueries.detail(id));
  const path = data.learningPath;
  return (
    <section className="card" aria-labelledby="path-heading">
      <div className="card__header">
        <h2 className="card__title" id="path-heading">
          {path.title}
        </h2>
        <StatusBadge status={path.status} />
      </div>
      <p className="card__hint">
        Slug <span className="mono">{path.slug}</span>
        {path.sku ? (
          <>
            {' '}
            · SKU <span className="mono">{path.sku}</span>
          </>
        ) : null}
      </p>
      {renderActions ? (
        renderActions(path)
      ) : (
        <p className="panel__note">Publishing is done by admins.</p>
      )}
      <h3 className="panel__title">Milestones</h3>
      {data.milestones.length === 0 ? (
        <p className="muted">No milestones.</p>
      ) : (
        <ol className="milestones">
          {data.milestones.map((milestone) => (
            <li key={milestone.id}>
              <span className="tree__title">{milestone.title}</span>
              <ul className="milestones__courses">
                {milestone.courses.map((course) => (
                  <li key={course.id}>
                    {course.title} <StatusBadge status={course.status} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
