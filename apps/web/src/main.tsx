import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers/app-providers';
import { refreshSession } from './lib/api-client';
import { startSessionWatch } from './lib/session';
import { router } from './router';

// Spec §4: the session is checked every second for the whole life of the page.
startSessionWatch({
  refresh: refreshSession,
  revoke: (refresh) => import('./lib/session-exchange').then((m) => m.revokeSession(refresh)),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );

// A prerendered page (issue 7) stays on screen until its lazy route has loaded, so React replaces it
// with the same content instead of flashing the loading spinner in between.
if (router.state.initialized) render();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
