import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { PageSpinner } from './page-spinner';

/** Public frame: fixed navbar, content padded below it, footer at the bottom. */
export function RootLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavBar />
      <main id="main" className="app-main flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
