// Translations of one item (download, upload after a preview, stored translations per language).
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { ContentSearchType } from '#contract/enums.ts';
import { TranslationsPage } from '../features/translations/translations-page.tsx';
import { contentQueries } from '../lib/queries/content.ts';

const Params = z.object({ type: ContentSearchType, id: z.uuid() });

export const Route = createFileRoute('/_authed/translations/$type/$id')({
  params: {
    parse: (raw) => {
      const parsed = Params.safeParse(raw);
      if (!parsed.success) throw notFound();
      return parsed.data;
    },
    stringify: (params) => params,
  },
  loader: ({ context: { queryClient }, params: { type, id } }) =>
    queryClient.ensureQueryData(contentQueries.body(type, id)),
  component: TranslationsRoute,
});

function TranslationsRoute() {
  const { type, id } = Route.useParams();
  const { capabilities } = Route.useRouteContext();
  return <TranslationsPage type={type} id={id} canUpload={capabilities.uploadTranslations} />;
}
