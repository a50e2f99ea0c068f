import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A rendered page is on screen before its route chunk has loaded and React has attached handlers.
 * Button clicks and form submits in that gap would be lost (or submit the form natively); they are
 * held and replayed once React hydrates the page, which it does at once for such events.
 */
function holdEarlyInput(root: HTMLElement): () => void {
  const held: (() => void)[] = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => button.isConnected && button.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => form.isConnected && form.requestSubmit());
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    for (const replay of held) replay();
  };
}

// Public pages arrive rendered by the build (entry-server.tsx, decision 027) and are hydrated; every
// other path gets the empty shell and is rendered here.
const rendered = container.hasChildNodes();
const releaseInput = rendered ? holdEarlyInput(container) : () => undefined;
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
