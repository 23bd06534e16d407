// The Review page (admins): requests to publish waiting for a decision, or those decided.
import { Suspense } from 'react';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { ReviewQueue, type ChangesView } from './review-queue.tsx';

export function ReviewsPage({
  view,
  onViewChange,
  changes,
}: {
  view: 'pending' | 'decided';
  onViewChange(view: 'pending' | 'decided'): void;
  changes: ChangesView;
}) {
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Review</h1>
          <p className="page__lead">
            Content managers ask for courses to be published. Approving publishes the course with
            the same checks as publishing it by hand; declining sends your comment to the requester.
          </p>
        </div>
      </div>
      <ChoiceGroup
        legend="Show"
        name="reviews-view"
        value={view}
        choices={[
          { value: 'pending', label: 'Waiting' },
          { value: 'decided', label: 'Decided' },
        ]}
        onChange={onViewChange}
      />
      <QueryBoundary resetKeys={[view]} title="The requests did not load">
        <Suspense fallback={<PendingState label="Loading requests" />}>
          <ReviewQueue view={view} changes={changes} />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}
