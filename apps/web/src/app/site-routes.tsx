import type { RouteObject } from 'react-router';

/**
 * Public pages (decision 009), each in its own chunk so a visitor downloads only the page they open.
 * The contract's PUBLIC_PAGES lists the ones that are prerendered and put in sitemap.xml.
 */
export const SITE_ROUTES: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/site/pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'about',
    lazy: () => import('../features/site/pages/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'contact-us',
    lazy: () => import('./pages/contact-route').then((m) => ({ Component: m.ContactRoute })),
  },
  {
    path: 'products',
    lazy: () => import('./pages/products-route').then((m) => ({ Component: m.ProductsRoute })),
  },
  {
    path: 'products/real-estate-crm-and-property-management-platform',
    lazy: () => import('../features/site/pages/crm-page').then((m) => ({ Component: m.CrmPage })),
  },
  {
    path: 'tutorials',
    lazy: () => import('../features/site/pages/tutorials-page').then((m) => ({ Component: m.TutorialsPage })),
  },
  {
    path: 'terms-and-conditions',
    lazy: () => import('../features/site/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'terms-of-service',
    lazy: () =>
      import('../features/site/pages/policy-pages').then((m) => ({ Component: m.TermsOfServicePage })),
  },
  {
    path: 'privacy-policy',
    lazy: () =>
      import('../features/site/pages/policy-pages').then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
  {
    path: 'refund-policy',
    lazy: () =>
      import('../features/site/pages/policy-pages').then((m) => ({ Component: m.RefundPolicyPage })),
  },
  {
    path: 'business-registration-conditions',
    lazy: () =>
      import('../features/site/pages/policy-pages').then((m) => ({
        Component: m.BusinessRegistrationConditionsPage,
      })),
  },
  {
    path: 'order-creation-conditions',
    lazy: () =>
      import('../features/site/pages/policy-pages').then((m) => ({
        Component: m.OrderCreationConditionsPage,
      })),
  },
  {
    path: 'newsletter/confirm',
    lazy: () =>
      import('../features/site/pages/newsletter-link-page').then((m) => ({
        Component: m.NewsletterConfirmPage,
      })),
  },
  {
    path: 'newsletter/unsubscribe',
    lazy: () =>
      import('../features/site/pages/newsletter-link-page').then((m) => ({
        Component: m.NewsletterUnsubscribePage,
      })),
  },
];
