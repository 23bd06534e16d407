import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiHooks } from './lib/connect-api-hooks.ts';
import { createAppRouter, createQueryClient } from './router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Lectern: #root element missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
connectApiHooks(router, queryClient);

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
