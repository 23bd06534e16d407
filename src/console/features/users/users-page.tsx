// Every user of the instance (`GET /users`), a page at a time as the list scrolls. The route is
// throttled upstream: a 429 is waited out for its Retry-After (the shell says "Throttled, retrying in
// N s") and the page carries on where it was. Each user links to their learner page and their events in
// the event monitor.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, Suspense } from 'react';
import type { User, UserPage } from '#contract/schemas/read-models.ts';
import type { z } from '#contract/zod.ts';
import { InfiniteTable, TableRow, type TableRowProps } from '../../components/infinite-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { userQueries } from '../../lib/queries/users.ts';
import { USER_PAGE_SIZES } from './users-search.ts';
import './users.css';

const COLUMNS = ['Name', 'Email', 'Joined', 'Activity'] as const;
const pageItems = (page: z.infer<typeof UserPage>) => page.users;

export function UsersPage({
  perPage,
  onPerPageChange,
}: {
  perPage: number;
  onPerPageChange(perPage: number): void;
}) {
  return (
    <div className="page page--fill">
      <div className="page__header">
        <div>
          <h1 className="page__title">Users</h1>
          <p className="page__lead">
            Every account on the instance. The Content API throttles this list: when it asks Lectern
            to wait, the page says so and carries on.
          </p>
        </div>
        <Field label="Per page">
          {(control) => (
            <select
              {...control}
              className="select"
              value={perPage}
              onChange={(event) => onPerPageChange(Number(event.target.value))}
            >
              {USER_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <QueryBoundary resetKeys={[perPage]} title="The users did not load">
        <Suspense fallback={<PendingState label="Loading users" />}>
          <UserList perPage={perPage} />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}

function UserList({ perPage }: { perPage: number }) {
  const query = useSuspenseInfiniteQuery(userQueries.list(perPage));
  return (
    <InfiniteTable
      query={query}
      pageItems={pageItems}
      countNoun="users"
      noun="users"
      label="Users"
      className="vtable--users"
      columns={COLUMNS}
      Row={UserRow}
      empty={<EmptyState title="No users on this instance" />}
    />
  );
}

const UserRow = memo(function UserRow({ item: user, index, start }: TableRowProps<User>) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <TableRow index={index} start={start}>
      <div role="cell" className="cell cell--name">
        <span className="user-name">{name}</span>
      </div>
      <div role="cell" className="cell cell--email">
        {user.email}
      </div>
      <div role="cell" className="cell cell--joined">
        {formatDateTime(user.createdAt)}
      </div>
      <div role="cell" className="cell cell--activity">
        <Link to="/learners/$learnerId" params={{ learnerId: user.id }}>
          Learner page<span className="visually-hidden"> of {name}</span>
        </Link>{' '}
        <Link to="/events" search={{ learner: user.id }}>
          Events<span className="visually-hidden"> of {name}</span>
        </Link>
      </div>
    </TableRow>
  );
});
