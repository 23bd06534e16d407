// Alerts (admins and support): the rules and every alert. Other roles get a "not allowed" state here.
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { AlertsPage } from '../features/alerts/alerts-page.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/alerts')({
  component: AlertsRoute,
});

function AlertsRoute() {
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Alerts');
  if (!capabilities.readAlerts)
    return (
      <NotAllowedPage
        title="Not allowed: alerts are for admins and support"
        capabilities={capabilities}
      >
        Ask a Lectern admin if you need to follow alerts.
      </NotAllowedPage>
    );
  return <AlertsPage canManage={capabilities.manageAlerts} />;
}
