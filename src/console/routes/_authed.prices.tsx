// Course prices: the grid, paste and CSV import, the preview and the chunked send (admins).
import { createFileRoute } from '@tanstack/react-router';
import { PricesPage } from '../features/prices/prices-page.tsx';
import { contentQueries } from '../lib/queries/content.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/prices')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(contentQueries.courseIndex());
  },
  component: PricesRoute,
});

function PricesRoute() {
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Prices');
  return <PricesPage canApply={capabilities.bulkOperations} />;
}
