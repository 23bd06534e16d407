// The header's count of publish requests waiting for a reviewer (admins).
import { useQuery } from '@tanstack/react-query';
import { reviewQueries } from './reviews-api.ts';
import './reviews.css';

export function ReviewCount() {
  const { data } = useQuery(reviewQueries.count());
  if (!data || data.pending === 0) return null;
  return (
    <span className="nav-count" data-testid="review-count">
      {data.pending}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
