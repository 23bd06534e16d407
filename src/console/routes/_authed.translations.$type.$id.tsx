// Translations of one item (download, upload after a preview, stored translations per language).
import { createFileRoute } from '@tanstack/react-router';
import { TranslationsPage } from '../features/translations/translations-page.tsx';
import { contentItemParams } from '../lib/content-item-params.ts';
import { contentQueries } from '../lib/queries/content.ts';

export const Route = createFileRoute('/_authed/translations/$type/$id')({
  params: contentItemParams,
  loader: ({ context: { queryClient }, params: { type, id } }) =>
    queryClient.ensureQueryData(contentQueries.body(type, id)),
  component: TranslationsRoute,
});

function TranslationsRoute() {
  const { type, id } = Route.useParams();
  const { capabilities } = Route.useRouteContext();
  return <TranslationsPage type={type} id={id} canUpload={capabilities.uploadTranslations} />;
}
