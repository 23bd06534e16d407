// Completion criteria set on many courses and read back (admins apply; everyone may look).
import { createFileRoute } from '@tanstack/react-router';
import { CriteriaPage } from '../features/completion-criteria/criteria-page.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/completion-criteria')({
  component: CriteriaRoute,
});

function CriteriaRoute() {
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Completion criteria');
  return <CriteriaPage canApply={capabilities.bulkOperations} />;
}
