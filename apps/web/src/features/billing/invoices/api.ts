import {
  INVOICE_PATHS,
  type Invoice,
  type PaymentData,
  ZInvoicesPageResponse,
  ZPayInvoiceResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DEALS_POLL_MS, dealKeys } from '../../../lib/deal-keys';
import { withQuery } from '../../../lib/with-query';

/**
 * One keyset page of the account's invoices, newest first; `projectID` for one project's. Keyed under
 * billing's key, so the payment watcher's refresh after a paid checkout reaches it (lib/deal-keys.ts).
 */
export function useUserInvoices(
  page: { projectID?: string | undefined; cursor?: string | undefined },
  enabled = true,
) {
  return useQuery({
    queryKey: dealKeys.userInvoices(page.projectID, page.cursor),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(INVOICE_PATHS.userList, { projectID: page.projectID, cursor: page.cursor }), {
        schema: ZInvoicesPageResponse,
        signal,
      }),
    refetchInterval: DEALS_POLL_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Opens the checkout of what is left to pay: the reply is the payment's data, as the popup takes it. */
export function usePayInvoice() {
  return useMutation({
    mutationFn: async (invoice: Pick<Invoice, 'id'>): Promise<PaymentData> => {
      const { status: _ok, ...data } = await apiRequest(INVOICE_PATHS.pay, {
        body: { invoiceID: invoice.id },
        schema: ZPayInvoiceResponse,
      });
      return data;
    },
  });
}

export const invoicePdfPath = (invoice: Pick<Invoice, 'id'>) =>
  withQuery(INVOICE_PATHS.pdf, { invoiceID: invoice.id });
export const invoicePdfName = (invoice: Pick<Invoice, 'number'>) => `invoice-${invoice.number}.pdf`;
