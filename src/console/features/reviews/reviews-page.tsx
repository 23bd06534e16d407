// The Review page (admins): requests to publish waiting for a decision, or those decided.
import { ViewPage } from '../../components/view-page.tsx';
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
    <ViewPage
      title="Review"
      lead="Content managers ask for courses, or whole course groups, to be published. Approving publishes with the same checks as publishing by hand; declining sends your comment to the requester."
      name="reviews-view"
      view={view}
      views={[
        { value: 'pending', label: 'Waiting' },
        { value: 'decided', label: 'Decided' },
      ]}
      onViewChange={onViewChange}
      failed="The requests did not load"
      loading="Loading requests"
    >
      <ReviewQueue view={view} changes={changes} />
    </ViewPage>
  );
}
