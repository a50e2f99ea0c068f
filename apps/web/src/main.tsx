// First: zod reads this when the first schema is built (see the module).
import './lib/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// In the entry's stylesheet, not a route chunk's: prerendered public pages (the library docs) have
// stacked tables, and their HTML links only this stylesheet, so phones get cards from the first paint.
import './components/stacked-table.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { holdEarlyInput } from './app/hold-early-input';
import { AppProviders } from './app/providers/app-providers';
import { refreshSession, setTokenExchange } from './lib/api-client';
import { startSessionWatch } from './lib/session';
import { router } from './router';

setTokenExchange((presented) =>
  import('./lib/session-exchange').then((m) => m.exchangeRefreshToken(presented)),
);
// The session is checked every second for the whole life of the page (decision 004).
startSessionWatch({
  refresh: refreshSession,
  revoke: (refresh) => import('./lib/session-exchange').then((m) => m.revokeSession(refresh)),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Public pages arrive rendered by the build (entry-server.tsx, decision 027) and are hydrated; every
// other path gets the empty shell and is rendered here.
const rendered = container.hasChildNodes();
const releaseInput = rendered ? holdEarlyInput(container) : () => undefined;
// The HTML is the page for its bare path: what a query string selects (a docs tab) is shown only once
// React has hydrated. Until then the parts it selects are hidden (styles.css, data-awaits-query), so
// the bare path's tab is neither seen nor clicked in their place.
if (rendered && location.search) document.documentElement.dataset.query = '';
const start = () => {
  if (!rendered) {
    createRoot(container).render(app);
    return;
  }
  hydrateRoot(container, app);
  releaseInput();
};

// Hydration needs the current route's lazy chunk loaded, so the first render matches the HTML; the
// shell likewise waits, so the loading spinner does not flash in between.
if (router.state.initialized) start();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
}
