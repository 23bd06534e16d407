import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiHooks } from './lib/connect-api-hooks.ts';
import { sessionQueries } from './lib/session.ts';
import { createAppRouter, createQueryClient, preloadRouteChunks } from './router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Lectern: #root element missing from index.html');

const queryClient = createQueryClient();
// The session check, the landing route's chunks and (through their loaders, once the session is
// known) its data overlap instead of waiting for each other: the root's beforeLoad finds the session
// already on its way (docs/decisions/loading-strategy.md). Its request was sent by index.html's
// preload link while this script loaded; the query's fetch takes that answer.
void queryClient.prefetchQuery(sessionQueries.current());
const router = createAppRouter(queryClient);
preloadRouteChunks(router, window.location.href);
connectApiHooks(router, queryClient);

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
