// The audit log (admins only). Filters live in the URL; other roles get a "not allowed" state here.
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { AuditSearch } from '../features/audit/audit-search.ts';
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
      <div className="page">
        <EmptyState title="Not allowed: the audit log is for admins">
          Ask a Lectern admin if you need to see who changed what.
        </EmptyState>
      </div>
    );
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
