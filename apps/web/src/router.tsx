import { createBrowserRouter } from 'react-router';
import { AdminGuard } from './app/guards/admin-guard';
import { SignedInGuard } from './app/guards/signed-in-guard';
import { SignedOutGuard } from './app/guards/signed-out-guard';
import { StaffGuard } from './app/guards/staff-guard';
import { PageSpinner } from './app/layout/page-spinner';
import { RootLayout } from './app/layout/root-layout';
import { LogoutPage } from './features/accounts/pages/logout-page';
import { SigninPage } from './features/accounts/pages/signin-page';
import { SignupPage } from './features/accounts/pages/signup-page';
import { HomePage } from './features/site/pages/home-page';
import { NotFoundPage } from './features/site/pages/not-found-page';
import { RouteErrorPage } from './features/site/pages/route-error-page';
import { TermsPage } from './features/site/pages/terms-page';

// Signed-in areas are split into their own chunks, so visitors never download them.
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, Component: HomePage },
      { path: 'terms-and-conditions', Component: TermsPage },
      { path: 'logout', Component: LogoutPage },
      {
        Component: SignedOutGuard,
        children: [
          { path: 'signup', Component: SignupPage },
          { path: 'signin', Component: SigninPage },
        ],
      },
      {
        Component: SignedInGuard,
        children: [
          {
            path: 'profile',
            lazy: () =>
              import('./features/accounts/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
        ],
      },
      {
        Component: StaffGuard,
        children: [
          {
            path: 'company/staff',
            lazy: () => import('./features/staff/pages/staff-page').then((m) => ({ Component: m.StaffPage })),
          },
        ],
      },
      {
        path: 'company/admin/login',
        lazy: () =>
          import('./features/admin/pages/admin-login-page').then((m) => ({ Component: m.AdminLoginPage })),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: '/company/admin',
    Component: AdminGuard,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      {
        index: true,
        lazy: () => import('./features/admin/pages/admin-page').then((m) => ({ Component: m.AdminPage })),
      },
    ],
  },
]);
