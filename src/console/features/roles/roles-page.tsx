// The roles page (admins): who may use the console and with which role.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { Table, Th } from '../../components/ui/table.tsx';
import { plural } from '../../lib/format.ts';
import { GrantRoleForm } from './grant-role-form.tsx';
import { RoleRow } from './role-row.tsx';
import { roleQueries } from './roles-api.ts';

export function RolesPage({ ownEmail }: { ownEmail: string }) {
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Roles</h1>
          <p className="page__lead">
            Who may use this console: admins do everything, content managers edit content without
            publishing, support reads.
          </p>
        </div>
      </div>
      <QueryBoundary title="The roles did not load">
        <Suspense fallback={<PendingState label="Loading roles" />}>
          <RolesContent ownEmail={ownEmail} />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}

function RolesContent({ ownEmail }: { ownEmail: string }) {
  const { data } = useSuspenseQuery(roleQueries.list());
  return (
    <div className="stack">
      <GrantRoleForm ownEmail={ownEmail} descriptions={data.available} />
      <section className="card" aria-labelledby="people-heading">
        <h2 className="card__title" id="people-heading">
          People with a role{' '}
          <span className="muted">({plural(data.roles.length, 'person', 'people')})</span>
        </h2>
        {data.roles.length === 0 ? (
          <EmptyState title="Nobody has a role yet" />
        ) : (
          <Table caption="People with a console role">
            <thead>
              <tr>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Granted by</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {data.roles.map((grant) => (
                <RoleRow key={`${grant.email}:${grant.role}`} grant={grant} ownEmail={ownEmail} />
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
