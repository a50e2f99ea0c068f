import type { RouteObject } from 'react-router';
import { AdminGuard } from './app/guards/admin-guard';
import { ClientGuard } from './app/guards/client-guard';
import { SignedInGuard } from './app/guards/signed-in-guard';
import { SignedOutGuard } from './app/guards/signed-out-guard';
import { StaffGuard } from './app/guards/staff-guard';
import { RootLayout } from './app/layout/root-layout';
import { SITE_ROUTES } from './app/site-routes';
import { PageSpinner } from './components/page-spinner';
import { DEVELOPER_DOCS_ROUTES } from './features/developer-docs/routes';
import { NotFoundPage } from './features/site/pages/not-found-page';
import { RouteErrorPage } from './features/site/pages/route-error-page';

/** A page of the link-pages module: one import for the three, so the route table lists its chunks once. */
const linkPage = (name: 'LogoutPage' | 'VerifyEmailPage' | 'InvitationPage') => () =>
  import('./app/pages/link-pages').then((m) => ({ Component: m[name] }));

/**
 * The client's route tree. Signed-in areas are split into their own chunks, so visitors never
 * download them. The build also reads it (route-patterns.ts) to tell the server which paths exist.
 */
export const APP_ROUTES: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      ...SITE_ROUTES,
      ...DEVELOPER_DOCS_ROUTES,
      {
        path: 'logout',
        lazy: linkPage('LogoutPage'),
      },
      {
        // The link of the verification mail (VERIFY_EMAIL_PAGE): signed in or not.
        path: 'verify-email',
        lazy: linkPage('VerifyEmailPage'),
      },
      {
        // The link of the invitation mail: what it offers to anyone, accepting once signed in.
        path: 'invitations/:token',
        lazy: linkPage('InvitationPage'),
      },
      {
        Component: SignedOutGuard,
        children: [
          // Lazy too: their forms pull in react-hook-form and zod, which the home page does not need.
          {
            path: 'signup',
            lazy: () =>
              import('./features/accounts/pages/signup-page').then((m) => ({ Component: m.SignupPage })),
          },
          {
            path: 'signin',
            lazy: () =>
              import('./features/accounts/pages/signin-page').then((m) => ({ Component: m.SigninPage })),
          },
        ],
      },
      {
        // Project chat rooms: a client's orders, a staff member's assigned projects, every order for admins.
        Component: SignedInGuard,
        children: [
          {
            path: 'chatroom',
            lazy: () =>
              import('./features/chat/pages/chatroom-page').then((m) => ({ Component: m.ChatroomPage })),
          },
        ],
      },
      {
        Component: ClientGuard,
        children: [
          {
            path: 'profile',
            lazy: () => import('./app/pages/profile-route').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: 'store/key-manager',
            lazy: () =>
              import('./app/pages/key-manager-route').then((m) => ({ Component: m.KeyManagerRoute })),
          },
          {
            path: 'store/key-manager/keys/:id',
            lazy: () =>
              import('./app/pages/key-manager-route').then((m) => ({ Component: m.KeyManagerKeyRoute })),
          },
          {
            path: 'orders',
            lazy: () => import('./app/pages/orders-route').then((m) => ({ Component: m.OrdersRoute })),
          },
          {
            path: 'payment-status',
            lazy: () =>
              import('./features/billing/pages/payment-status-page').then((m) => ({
                Component: m.PaymentStatusPage,
              })),
          },
          {
            path: 'payment-canceled',
            lazy: () =>
              import('./features/billing/pages/payment-status-page').then((m) => ({
                Component: m.PaymentCanceledPage,
              })),
          },
          {
            path: 'payments/sandbox/checkout',
            lazy: () =>
              import('./features/billing/pages/sandbox-checkout-page').then((m) => ({
                Component: m.SandboxCheckoutPage,
              })),
          },
          {
            path: 'orders/create',
            lazy: () =>
              import('./features/projects/pages/create-order-page').then((m) => ({
                Component: m.CreateOrderPage,
              })),
          },
        ],
      },
      {
        Component: StaffGuard,
        children: [
          {
            path: 'company/staff',
            lazy: () => import('./app/pages/staff-route').then((m) => ({ Component: m.StaffRoute })),
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
    // The licensee portal (decision 036): an owner's page for their customers, in its own frame (no
    // site bar, no site sign-in) and its own chunk.
    path: '/portal/:handle',
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    lazy: () =>
      import('./features/licensee-portal/pages/portal-page').then((m) => ({ Component: m.PortalPage })),
  },
  {
    path: '/company/admin',
    Component: AdminGuard,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      {
        index: true,
        lazy: () => import('./app/pages/admin-route').then((m) => ({ Component: m.AdminRoute })),
      },
    ],
  },
];
