// The learning paths page: find one by id or SKU, see it with its milestones (and publish it, for
// admins), or pick it from the list of all learning paths.
import { Suspense, type ReactNode } from 'react';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import type { LearningPath, LearningPathKey } from '../../lib/queries/learning-paths.ts';
import { LearningPathDetail } from './learning-path-detail.tsx';
import { LearningPathList } from './learning-path-list.tsx';
import { LearningPathLookup } from './learning-path-lookup.tsx';

export interface LearningPathsPageProps {
  /** The path chosen by id or SKU (from the URL). */
  lookup: LearningPathKey | null;
  renderActions?: ((path: LearningPath) => ReactNode) | undefined;
}

export function LearningPathsPage({ lookup, renderActions }: LearningPathsPageProps) {
  const key = lookup ? ('id' in lookup ? lookup.id : lookup.sku) : '';
  const selectedId = lookup && 'id' in lookup ? lookup.id : undefined;
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Learning paths</h1>
          <p className="page__lead">
            Find a learning path by id or SKU to see its status, milestones and courses.
          </p>
        </div>
      </div>
      <div className="detail-grid">
        <div className="detail-main">
          <LearningPathLookup key={key} initial={key} />
          {lookup ? (
            <QueryBoundary resetKeys={[key]} title="The learning path did not load">
              <Suspense fallback={<PendingState label="Loading the learning path" />}>
                <LearningPathDetail lookup={lookup} renderActions={renderActions} />
              </Suspense>
            </QueryBoundary>
          ) : null}
        </div>
        <aside className="detail-aside" aria-label="All learning paths">
          <QueryBoundary title="The learning paths did not load">
            <Suspense fallback={<PendingState label="Loading learning paths" />}>
              <LearningPathList selectedId={selectedId} />
            </Suspense>
          </QueryBoundary>
        </aside>
      </div>
    </div>
  );
}
