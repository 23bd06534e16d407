// Certificate templates created or changed in bulk (admins).
import { createFileRoute } from '@tanstack/react-router';
import { TemplatesPage } from '../features/certificate-templates/templates-page.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/certificate-templates')({
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Certificate templates');
  return <TemplatesPage canApply={capabilities.bulkOperations} />;
}
