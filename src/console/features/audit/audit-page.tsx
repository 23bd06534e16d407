// The audit log page (admins): filters in the URL, keyset pages with "Load more", export of the filter.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { lateComponent } from '../../components/late-component.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { plural } from '../../lib/format.ts';
import { auditQueries, exportUrl } from './audit-api.ts';
import { AuditFilters } from './audit-filters.tsx';
import type { AuditSearchParams } from './audit-search.ts';

/**
 * The records' table (its subjects read through the Content API's queries, the words of their changes):
 * asked for as the page mounts, beside the records' first page, and shown under the same "Loading the
 * audit log" until both are here.
 */
const AuditTable = lateComponent(() =>
  import('./audit-table.tsx').then((module) => module.AuditTable),
);

export interface AuditPageProps {
  search: AuditSearchParams;
  onSearch(next: AuditSearchParams): void;
  /** The saved views control of the filters (given by the route). */
  views?: ReactNode;
}

export function AuditPage({ search, onSearch, views }: AuditPageProps) {
  useEffect(() => void AuditTable.preload(), []);
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Audit log</h1>
          <p className="page__lead">
            Every state-changing call through the console: sign-ins, role changes, content writes
            and refusals.
          </p>
        </div>
        <div className="inline-form" role="group" aria-label="Export">
          <a className="btn btn--secondary" href={exportUrl(search, 'csv')} download>
            Export CSV
          </a>
          <a className="btn btn--secondary" href={exportUrl(search, 'ndjson')} download>
            Export NDJSON
          </a>
        </div>
      </div>
      <div className="stack">
        <AuditFilters search={search} onApply={onSearch} views={views} />
        <QueryBoundary resetKeys={[JSON.stringify(search)]} title="The audit log did not load">
          {/* Keyed: a new filter shows the loading state instead of the previous filter's rows. */}
          <Suspense
            key={JSON.stringify(search)}
            fallback={<PendingState label="Loading the audit log" />}
          >
            <AuditResults search={search} />
          </Suspense>
        </QueryBoundary>
      </div>
    </div>
  );
}

function AuditResults({ search }: { search: AuditSearchParams }) {
  const query = useSuspenseInfiniteQuery(auditQueries.list(search));
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <EmptyState title="No audit records match these filters">
        Change or clear the filters to see more.
      </EmptyState>
    );
  return (
    <section className="card" aria-labelledby="records-heading">
      <h2 className="card__title" id="records-heading">
        Records{' '}
        <span className="muted" data-testid="audit-count">
          ({plural(entries.length, 'record')} loaded{query.hasNextPage ? ', more available' : ''})
        </span>
      </h2>
      <AuditTable.Component entries={entries} />
      {query.isFetchNextPageError ? (
        <ErrorState compact error={query.error} title="The next page did not load" />
      ) : null}
      {query.hasNextPage ? (
        <Button pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
