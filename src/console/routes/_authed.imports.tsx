// Bulk imports of webinar and in-person-event course groups and sessions; the started job is in the URL
// (`?job=&what=`) so a reload keeps following it.
import { createFileRoute } from '@tanstack/react-router';
import {
  BulkImportsPage,
  ImportRowsCode,
  ROWS_DRAFT,
} from '../features/bulk-imports/bulk-imports-page.tsx';
import { IMPORT_CHOICES } from '../features/bulk-imports/import-choices.ts';
import { oneOf, urlSearch, urlString } from '../lib/url-search.ts';
import { codeForKeptDraft } from '../lib/use-session-draft.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const ImportsSearch = urlSearch({
  job: urlString({ min: 1, max: 200 }),
  what: oneOf(IMPORT_CHOICES),
});

export const Route = createFileRoute('/_authed/imports')({
  validateSearch: ImportsSearch,
  // Rows typed earlier in this tab are checked in the page's first render, not a moment after it: the
  // rows' parser is waited for then (otherwise it loads after the first content). The loader goes in
  // the component's chunk, which it reads the parser's handle from.
  loader: ({ context }) => codeForKeptDraft(context.user.email, ROWS_DRAFT, ImportRowsCode),
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  component: ImportsRoute,
});

function ImportsRoute() {
  const { job, what } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Bulk imports');
  return (
    <BulkImportsPage
      canStart={capabilities.bulkOperations}
      job={job ? { id: job, choice: what } : null}
      onJobStarted={(id, choice) => void navigate({ search: { job: id, what: choice } })}
    />
  );
}
