import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export function NotFound() {
  return (
    <div className="page">
      <EmptyState
        title="Page not found"
        action={
          <Link to="/" className="btn btn--primary">
            Go to course groups
          </Link>
        }
      >
        The address does not match any page of the console.
      </EmptyState>
    </div>
  );
}
