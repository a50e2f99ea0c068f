/**
 * Query keys of the agency's deals (quotes, milestones, invoices; decision 035), shared by the client's
 * portal, the profile and the admin panel, which live in different features. They sit under billing's
 * key (`['billing']`) on purpose: the payment watcher invalidates that key when a payment settles, so
 * a paid invoice, and the milestone that names it, refresh without the watcher knowing them.
 */
export const DEALS_KEY = ['billing', 'deals'] as const;

export const dealKeys = {
  quotes: (projectID: string) => [...DEALS_KEY, 'quotes', projectID] as const,
  milestones: (projectID: string) => [...DEALS_KEY, 'milestones', projectID] as const,
  userInvoices: (projectID: string | undefined, cursor: string | undefined) =>
    [...DEALS_KEY, 'invoices', projectID ?? 'all', cursor] as const,
  adminQuotes: (filters: readonly unknown[]) => [...DEALS_KEY, 'admin', 'quotes', ...filters] as const,
  adminInvoices: (filters: readonly unknown[]) => [...DEALS_KEY, 'admin', 'invoices', ...filters] as const,
  receivables: (filters: readonly unknown[]) => [...DEALS_KEY, 'admin', 'receivables', ...filters] as const,
};

/** Deals change little and slowly: a quote or an invoice is looked at again this often while shown. */
export const DEALS_POLL_MS = 15_000;
