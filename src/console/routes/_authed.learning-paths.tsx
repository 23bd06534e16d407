import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { StatusBadge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { QueryBoundary } from '../components/ui/error-boundary.tsx';
import { Field } from '../components/ui/field.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { LearningPathActions } from '../features/publish/learning-path-actions.tsx';
import { learningPathQueries } from '../lib/queries/learning-paths.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const LearningPathSearch = z.object({ id: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/_authed/learning-paths')({
  validateSearch: LearningPathSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(learningPathQueries.list(''));
  },
  component: LearningPathsPage,
});

function LearningPathsPage() {
  const { id } = Route.useSearch();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Learning paths');
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
          <IdForm key={id} initial={id ?? ''} />
          {id ? (
            <QueryBoundary resetKeys={[id]} title="The learning path did not load">
              <Suspense fallback={<PendingState label="Loading the learning path" />}>
                <LearningPathDetail id={id} canPublish={capabilities.publish} />
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

function IdForm({ initial }: { initial: string }) {
  const navigate = useNavigate({ from: '/learning-paths' });
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.uuid().safeParse(value.trim());
    if (!parsed.success) {
      setError('Enter the UUID of a learning path.');
      return;
    }
    setError(undefined);
    void navigate({ search: { id: parsed.data } });
  };
  return (
    <form className="card inline-form inline-form--card" onSubmit={submit} noValidate>
      <Field label="Learning path id" error={error}>
        {(control) => (
          <input
            {...control}
            className="input input--mono input--wide"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" variant="primary">
        Look up
      </Button>
    </form>
  );
}

function LearningPathDetail({ id, canPublish }: { id: string; canPublish: boolean }) {
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
      {canPublish ? (
        <LearningPathActions path={path} />
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

function LearningPathList({ selectedId }: { selectedId: string | undefined }) {
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
