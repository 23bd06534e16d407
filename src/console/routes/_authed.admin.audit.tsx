// The audit log (admins only). Filters live in the URL; other roles get a "not allowed" state here.
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { AuditSearch } from '../features/audit/audit-search.ts';
import { LateSavedViewsControl } from '../features/saved-views/late-saved-views-control.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/admin/audit')({
  validateSearch: AuditSearch,
  component: AdminAuditPage,
});

function AdminAuditPage() {
  const { capabilities } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Audit log');
  if (!capabilities.readAudit)
    return (
      <NotAllowedPage title="Not allowed: the audit log is for admins" capabilities={capabilities}>
        Ask a Lectern admin if you need to see who changed what.
      </NotAllowedPage>
    );
  return (
    <AuditPage
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      views={
        <LateSavedViewsControl
          screen="auditLog"
          search={search}
          onApply={(next) => void navigate({ search: next })}
        />
      }
    />
  );
}
