// One learning path (`GET /learningPathMilestones` by id or SKU): its status, slug and SKU, the publish
// actions for those who may, links to its full content and translations, and its milestones with the
// courses of each (every course links to its own view).
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MilestoneList } from '../../components/milestone-list.tsx';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { plural } from '../../lib/format.ts';
import { htmlToText } from '../../lib/html-text.ts';
import {
  learningPathQueries,
  type LearningPath,
  type LearningPathKey,
} from '../../lib/queries/learning-paths.ts';

export interface LearningPathDetailProps {
  lookup: LearningPathKey;
  /** The publish actions (the route composes them; features do not import each other). */
  renderActions?: ((path: LearningPath) => ReactNode) | undefined;
}

export function LearningPathDetail({ lookup, renderActions }: LearningPathDetailProps) {
  const { data } = useSuspenseQuery(learningPathQueries.find(lookup));
  const path = data.learningPath;
  const courses = data.milestones.reduce((sum, milestone) => sum + milestone.courses.length, 0);
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
        ) : null}{' '}
        · {plural(data.milestones.length, 'milestone')} · {plural(courses, 'course')}
      </p>
      {path.description ? (
        <p className="learning-path__description">{htmlToText(path.description)}</p>
      ) : null}
      <div className="panel__actions">
        <Link
          to="/content/$type/$id"
          params={{ type: 'learningPaths', id: path.id }}
          className="btn btn--secondary"
        >
          Full content
        </Link>
        <Link
          to="/translations/$type/$id"
          params={{ type: 'learningPaths', id: path.id }}
          className="btn btn--secondary"
        >
          Translations
        </Link>
      </div>
      {renderActions ? (
        renderActions(path)
      ) : (
        <p className="panel__note">Publishing is done by admins.</p>
      )}
      <h3 className="panel__title">Milestones</h3>
      <MilestoneList milestones={data.milestones} />
    </section>
  );
}
