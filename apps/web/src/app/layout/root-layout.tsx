import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { ToastOutlet } from '../../components/toast/toast-outlet';
import { Footer } from './footer';
import { NAVBAR_OFFSET_PX, NavBar } from './nav-bar';

/** Public frame: fixed navbar, content padded below it (toasts first), footer at the bottom. */
export function RootLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavBar />
      <main id="main" className="app-main flex-grow-1">
        <ToastOutlet top={NAVBAR_OFFSET_PX} />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
