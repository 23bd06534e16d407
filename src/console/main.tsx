import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiHooks } from './lib/connect-api-hooks.ts';
import { closeLandingData } from './lib/landing-data.ts';
import { sessionQueries } from './lib/session.ts';
import {
  createAppRouter,
  createQueryClient,
  preloadRouteChunks,
  startLandingData,
} from './router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Lectern: #root element missing from index.html');

const queryClient = createQueryClient();
// The session check, the landing route's chunks and (through their loaders, once the session is
// known) its data overlap instead of waiting for each other: the root's beforeLoad finds the session
// already on its way (docs/decisions/loading-strategy.md). Its request was sent by index.html's
// preload link while this script loaded; the query's fetch takes that answer. The landing route's
// data (the course editor's reads) starts with the session, before its loader's chunk has arrived,
// and what it needs is requested before the route's chunks.
const session = queryClient.fetchQuery(sessionQueries.current());
session.catch(() => undefined); // The root's beforeLoad reports a failed check.
const router = createAppRouter(queryClient);
startLandingData(router, window.location.href, session);
preloadRouteChunks(router, window.location.href);
// What the first load's loaders did not take is dropped: a later visit reads afresh.
const stopWatching = router.subscribe('onResolved', () => {
  stopWatching();
  closeLandingData();
});
connectApiHooks(router, queryClient);

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
