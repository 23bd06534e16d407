// Roles (admins only). Other roles get a "not allowed" state here; the server refuses them anyway.
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
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
      <NotAllowedPage title="Not allowed: roles are managed by admins" capabilities={capabilities}>
        Ask a Lectern admin if you need another role.
      </NotAllowedPage>
    );
  return <RolesPage ownEmail={user.email} />;
}
