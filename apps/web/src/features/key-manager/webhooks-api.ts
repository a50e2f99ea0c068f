import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_PATHS,
  webhookPath,
  ZOkResponse,
  ZWebhookDeliveriesResponse,
  ZWebhookEndpointResponse,
  ZWebhookEndpointsResponse,
  ZWebhookSecretResponse,
  ZWebhookTestResponse,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { LIST_POLL_MS } from './api';

const WEBHOOKS = ['key-manager', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...WEBHOOKS, 'deliveries', endpointId] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...WEBHOOKS, 'endpoints'],
    queryFn: ({ signal }) =>
      apiRequest(WEBHOOK_PATHS.endpoints, { schema: ZWebhookEndpointsResponse, signal }),
    select: (reply) => reply.endpoints,
  });
}

/** The delivery log, newest first, 20 attempts a page; refreshed while open (retries land on their own). */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '20', ...(pageParam ? { cursor: pageParam } : {}) });
      return apiRequest(`${webhookPath(WEBHOOK_PATHS.deliveries, endpointId)}?${query}`, {
        schema: ZWebhookDeliveriesResponse,
        signal,
      });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIST_POLL_MS,
  });
}

function useWebhookMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS }) });
}

export const useAddWebhookEndpoint = () =>
  useWebhookMutation((body: CreateWebhookEndpointRequest) =>
    apiRequest(WEBHOOK_PATHS.endpoints, { body, schema: ZWebhookSecretResponse }),
  );

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, ...body }: UpdateWebhookEndpointRequest & { id: string }) =>
    apiRequest(webhookPath(WEBHOOK_PATHS.endpoint, id), {
      method: 'PATCH',
      body,
      schema: ZWebhookEndpointResponse,
    }),
  );

export const useRemoveWebhookEndpoint = () =>
  useWebhookMutation((id: string) =>
    apiRequest(webhookPath(WEBHOOK_PATHS.endpoint, id), { method: 'DELETE', schema: ZOkResponse }),
  );

export const useRollWebhookSecret = () =>
  useWebhookMutation((id: string) =>
    apiRequest(webhookPath(WEBHOOK_PATHS.rollSecret, id), { body: {}, schema: ZWebhookSecretResponse }),
  );

export const useSendTestWebhook = () =>
  useWebhookMutation((id: string) =>
    apiRequest(webhookPath(WEBHOOK_PATHS.sendTest, id), { body: {}, schema: ZWebhookTestResponse }),
  );

export const useRedeliverWebhook = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    apiRequest(webhookPath(WEBHOOK_PATHS.redeliver, endpointId, deliveryId), {
      body: {},
      schema: ZOkResponse,
    }),
  );
