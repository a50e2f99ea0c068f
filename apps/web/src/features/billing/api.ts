import {
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  type LaunchPaymentResponse,
  type PaymentData,
  type PlansActivateRequest,
  type SandboxPayRequest,
  ZApisSubscribedResponse,
  ZLaunchPaymentResponse,
  ZPaymentStatusResponse,
  ZPendingPaymentsResponse,
  ZProductsGetAllResponse,
  ZReceiptsGetResponse,
  ZSandboxPayResponse,
  ZSandboxSessionResponse,
  ZSubscriptionsGetResponse,
  ZUpgradeQuoteResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

/**
 * docs/product-contract.md §Polling: products every 1 s; account billing lists like the other profile
 * lists (3 s).
 */
export const PRODUCTS_POLL_MS = 1000;
export const BILLING_POLL_MS = 3000;

export const BILLING_KEY = ['billing'] as const;

export function useSubscriptions() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'subscriptions'],
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.subscriptionsGet, { body: {}, schema: ZSubscriptionsGetResponse, signal }),
    select: (reply) => reply.subscriptions,
    refetchInterval: BILLING_POLL_MS,
  });
}

export function useSubscribedApis() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'apis'],
    queryFn: ({ signal }) =>
      apiRequest(CATALOG_ADMIN_PATHS.apisSubscribed, { body: {}, schema: ZApisSubscribedResponse, signal }),
    select: (reply) => reply.data,
    refetchInterval: BILLING_POLL_MS,
  });
}

/**
 * One keyset page of the payment history, newest first, polled with its ETag (304 while unchanged,
 * decision 030). `receipt` asks for that one receipt (the receipt mail's link).
 */
export function useReceipts(
  page: { cursor?: string | undefined; receipt?: number | undefined } = {},
  enabled = true,
) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'receipts', page.cursor, page.receipt],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(BILLING_PATHS.receiptsGet, { cursor: page.cursor, receipt: page.receipt }), {
        schema: ZReceiptsGetResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: BILLING_POLL_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePendingPayments() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'pending'],
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.pendingPayments, { body: {}, schema: ZPendingPaymentsResponse, signal }),
    refetchInterval: BILLING_POLL_MS,
  });
}

/** A payment as the provider's webhook left it; `paymentID` omitted: the latest. */
export function usePaymentStatus(paymentID: string | null, poll = true) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'payment', paymentID ?? 'latest'],
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.paymentStatus, {
        body: paymentID ? { paymentID } : {},
        schema: ZPaymentStatusResponse,
        signal,
      }),
    select: (reply) => reply.payment,
    refetchInterval: (query) => (poll && query.state.data?.payment?.status === 'pending' ? 1000 : false),
  });
}

export function useStoreProducts() {
  return useQuery({
    queryKey: ['catalog', 'store'],
    queryFn: ({ signal }) =>
      apiRequest(CATALOG_ADMIN_PATHS.productsGetAll, { schema: ZProductsGetAllResponse, signal }),
    refetchInterval: PRODUCTS_POLL_MS,
  });
}

export function useUpgradeQuote(productID: number, planID: number | null) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'quote', productID, planID],
    enabled: planID !== null,
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.upgradeQuote, {
        body: { productID, planID },
        schema: ZUpgradeQuoteResponse,
        signal,
      }),
  });
}

/**
 * `onSuccess` here, not in `mutate(…, {onSuccess})`: a call's own callbacks are skipped when its
 * component unmounts first, and the refetch below often swaps the component away (a plan activated
 * replaces the plans offer), so feedback given there was sometimes never shown.
 */
function useBillingMutation<TInput, TOutput>(
  fn: (input: TInput) => Promise<TOutput>,
  onSuccess?: (output: TOutput, input: TInput) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(onSuccess ? { onSuccess } : {}),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: BILLING_KEY });
      await client.invalidateQueries({ queryKey: ['key-manager'] });
    },
  });
}

export const useActivatePlanWithPayment = (
  onSuccess?: (reply: LaunchPaymentResponse, body: PlansActivateRequest) => void,
) =>
  useBillingMutation(
    (body: PlansActivateRequest) =>
      apiRequest(CATALOG_PATHS.plansActivate, { body, schema: ZLaunchPaymentResponse }),
    onSuccess,
  );

export const useRenew = () =>
  useBillingMutation((productID: number) =>
    apiRequest(BILLING_PATHS.renew, { body: { productID }, schema: ZLaunchPaymentResponse }),
  );

export const usePayPending = () =>
  useBillingMutation((body: { paymentID: string } | { requestID: number }) =>
    apiRequest(BILLING_PATHS.payPending, { body, schema: ZLaunchPaymentResponse }),
  );

export function useSandboxSession(paymentID: string | null) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'sandbox', paymentID],
    enabled: paymentID !== null,
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.sandboxSession, {
        body: { paymentID },
        schema: ZSandboxSessionResponse,
        signal,
      }),
    select: (reply) => ({ payment: reply.payment, refusal: reply.refusal }),
  });
}

export const useSandboxPay = () =>
  useBillingMutation((body: SandboxPayRequest) =>
    apiRequest(BILLING_PATHS.sandboxPay, { body, schema: ZSandboxPayResponse }),
  );

export const useSandboxCancel = () =>
  useBillingMutation((paymentID: string) =>
    apiRequest(BILLING_PATHS.sandboxCancel, { body: { paymentID }, schema: ZSandboxPayResponse }),
  );

export type { PaymentData };
