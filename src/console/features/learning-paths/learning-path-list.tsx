// Every learning path of the instance (`GET /content?types[]=learningPaths`), a page at a time.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { learningPathQueries } from '../../lib/queries/learning-paths.ts';

export function LearningPathList({ selectedId }: { selectedId: string | undefined }) {
  const query = useSuspenseInfiniteQuery(learningPathQueries.list(''));
  const paths = query.data.pages.flatMap((page) => page.content);
  if (paths.length === 0) return <EmptyState title="No learning paths on this instance" />;
  return (
    <section className="card" aria-labelledby="paths-heading">
      <h2 className="card__title" id="paths-heading">
        All learning paths
      </h2>
      <ul className="link-list">
        {paths.map((path) => (
          <li key={path.id}>
            <Link
              to="/learning-paths"
              search={{ id: path.id }}
              aria-current={path.id === selectedId ? 'true' : undefined}
            >
              {path.title}
            </Link>{' '}
            <StatusBadge status={path.status} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          size="sm"
          pending={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </section>
  );
}
