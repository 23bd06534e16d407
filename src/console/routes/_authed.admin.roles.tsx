// Roles (admins only). Other roles get a "not allowed" state here; the server refuses them anyway.
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RolesPage } from '../features/roles/roles-page.tsx';
import { roleQueries } from '../features/roles/roles-api.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/admin/roles')({
  loader: ({ context: { queryClient, capabilities } }) => {
    if (capabilities.manageRoles) void queryClient.prefetchQuery(roleQueries.list());
  },
  component: AdminRolesPage,
});

function AdminRolesPage() {
  const { capabilities, user } = Route.useRouteContext();
  usePageTitle('Roles');
  if (!capabilities.manageRoles)
    return (
      <div className="page">
        <EmptyState title="Not allowed: roles are managed by admins">
          Ask a Lectern admin if you need another role.
        </EmptyState>
      </div>
    );
  return <RolesPage ownEmail={user.email} />;
}
