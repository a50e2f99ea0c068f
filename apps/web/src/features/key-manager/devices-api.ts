import {
  type DevicePolicy,
  KEY_MANAGER_PATHS,
  type SetKeyDevicePolicyRequest,
  ZDevicePolicyResponse,
  ZGetDevicesResponse,
  ZOkResponse,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { LIST_POLL_MS } from './api';

/** Under the feature's key, so every Key Manager change refreshes devices too, and the reverse. */
const KM = ['key-manager'] as const;
const DEVICES = [...KM, 'devices'] as const;
const POLICY = [...KM, 'device-policy'] as const;
const DEVICES_PAGE = 20;

/** A key's devices, most recently seen first, 20 a page; refreshed while open (heartbeats move them). */
export function useKeyDevices(keyId: string) {
  return useInfiniteQuery({
    queryKey: [...DEVICES, keyId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(KEY_MANAGER_PATHS.getDevices, {
        body: { keyId, limit: DEVICES_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        schema: ZGetDevicesResponse,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useDevicePolicy() {
  return useQuery({
    queryKey: POLICY,
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.getDevicePolicy, { body: {}, schema: ZDevicePolicyResponse, signal }),
    select: (reply) => reply.policy,
  });
}

function useKeyManagerMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: KM }) });
}

export const useReleaseDevice = () =>
  useKeyManagerMutation((body: { keyId: string; deviceId: string }) =>
    apiRequest(KEY_MANAGER_PATHS.releaseDevice, { body, schema: ZOkResponse }),
  );

export const useSetDevicePolicy = () =>
  useKeyManagerMutation((body: DevicePolicy) =>
    apiRequest(KEY_MANAGER_PATHS.setDevicePolicy, {
      body,
      schema: ZDevicePolicyResponse.extend({ message: z.string() }),
    }),
  );

export const useSetKeyDevicePolicy = () =>
  useKeyManagerMutation((body: SetKeyDevicePolicyRequest) =>
    apiRequest(KEY_MANAGER_PATHS.setKeyDevicePolicy, { body, schema: ZOkResponse }),
  );
