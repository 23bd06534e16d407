// The learning paths page: look one up by id, see it (and publish it, for admins), or pick it from
// the list of all learning paths.
import { Suspense, type ReactNode } from 'react';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import type { LearningPath } from '../../lib/queries/learning-paths.ts';
import { LearningPathDetail } from './learning-path-detail.tsx';
import { LearningPathList } from './learning-path-list.tsx';
import { LearningPathLookup } from './learning-path-lookup.tsx';

export interface LearningPathsPageProps {
  /** The path chosen by id (from the URL). */
  id: string | undefined;
  renderActions?: ((path: LearningPath) => ReactNode) | undefined;
}

export function LearningPathsPage({ id, renderActions }: LearningPathsPageProps) {
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Learning paths</h1>
          <p className="page__lead">
            Look up a learning path by id to see its status and milestones.
          </p>
        </div>
      </div>
      <div className="detail-grid">
        <div className="detail-main">
          <LearningPathLookup key={id} initial={id ?? ''} />
          {id ? (
            <QueryBoundary resetKeys={[id]} title="The learning path did not load">
              <Suspense fallback={<PendingState label="Loading the learning path" />}>
                <LearningPathDetail id={id} renderActions={renderActions} />
              </Suspense>
            </QueryBoundary>
          ) : null}
        </div>
        <aside className="detail-aside" aria-label="All learning paths">
          <QueryBoundary title="The learning paths did not load">
            <Suspense fallback={<PendingState label="Loading learning paths" />}>
              <LearningPathList selectedId={id} />
            </Suspense>
          </QueryBoundary>
        </aside>
      </div>
    </div>
  );
}
