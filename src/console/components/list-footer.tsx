// The end of a loaded list: loading more, a retry after a failed page, or "all loaded".
import { Button } from './ui/button.tsx';
import { ErrorState } from './ui/error-state.tsx';
import { Spinner } from './ui/spinner.tsx';
import { formatCount } from '../lib/format.ts';

export interface ListFooterProps {
  loaded: number;
  hasMore: boolean;
  fetching: boolean;
  error: unknown;
  noun: string;
  onLoadMore(): void;
}

export function ListFooter({
  loaded,
  hasMore,
  fetching,
  error,
  noun,
  onLoadMore,
}: ListFooterProps) {
  if (error) {
    return (
      <div className="list-footer">
        <ErrorState compact error={error} title="The next page did not load" onRetry={onLoadMore} />
      </div>
    );
  }
  if (fetching) {
    return (
      <div className="list-footer">
        <Spinner size="sm" label="" /> Loading more {noun}…
      </div>
    );
  }
  if (hasMore) {
    return (
      <div className="list-footer">
        <Button size="sm" onClick={onLoadMore}>
          Load more
        </Button>
      </div>
    );
  }
  return (
    <div className="list-footer list-footer--end" data-testid="list-end">
      All {formatCount(loaded)} {noun} loaded
    </div>
  );
}
