import {
  type AdminInvoicesQuery,
  INVOICE_PATHS,
  ZInvoiceResponse,
  ZInvoicesPageResponse,
  ZReceivablesResponse,
  type ZRecordPaymentRequest,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useToast } from '../../../../components/toast/toast-context';
import { apiRequest } from '../../../../lib/api-client';
import { DEALS_KEY, DEALS_POLL_MS, dealKeys } from '../../../../lib/deal-keys';
import { withQuery } from '../../../../lib/with-query';

export type InvoiceStatusFilter = NonNullable<AdminInvoicesQuery['status']>;
export interface InvoiceFilters {
  search: string;
  status: InvoiceStatusFilter | undefined;
}

const filterParams = (filters: InvoiceFilters) => ({ search: filters.search.trim(), status: filters.status });

/** One keyset page of every client's invoices, newest first, searched and filtered on the server. */
export function useAdminInvoices(filters: InvoiceFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: dealKeys.adminInvoices([filters.search.trim(), filters.status, cursor]),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(INVOICE_PATHS.adminList, { ...filterParams(filters), cursor }), {
        schema: ZInvoicesPageResponse,
        signal,
      }),
    refetchInterval: DEALS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the list as filtered (GET, text/csv). */
export const invoicesExportPath = (filters: InvoiceFilters) =>
  withQuery(INVOICE_PATHS.adminExport, filterParams(filters));

/** What each client owes, per currency, overdue first. */
export function useReceivables(search: string, cursor: string | undefined) {
  return useQuery({
    queryKey: dealKeys.receivables([search.trim(), cursor]),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(INVOICE_PATHS.adminReceivables, { search: search.trim(), cursor }), {
        schema: ZReceivablesResponse,
        signal,
      }),
    refetchInterval: DEALS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

function useInvoiceAction<T>(path: string) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { body, schema: ZInvoiceResponse }),
    onSuccess: async (reply) => {
      toast.show({ message: reply.message, variant: 'success' });
      await client.invalidateQueries({ queryKey: DEALS_KEY });
    },
  });
}

export const useVoidInvoice = () => useInvoiceAction<{ invoiceID: string }>(INVOICE_PATHS.adminVoid);
export const useRecordPayment = () =>
  useInvoiceAction<z.input<typeof ZRecordPaymentRequest>>(INVOICE_PATHS.adminRecordPayment);
