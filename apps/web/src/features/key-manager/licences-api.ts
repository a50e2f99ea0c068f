import {
  type Entitlements,
  LICENSE_PATHS,
  licensePath,
  ZEntitlementsResponse,
  ZRotateSigningKeyResponse,
  ZSigningKeysResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const LICENCES = ['key-manager', 'licences'] as const;
const SIGNING_KEYS = [...LICENCES, 'signing-keys'] as const;
const entitlementsKey = (keyId: string) => [...LICENCES, 'entitlements', keyId] as const;

/** The owner's signing keys (the first request creates one), current first. */
export function useSigningKeys() {
  return useQuery({
    queryKey: SIGNING_KEYS,
    queryFn: ({ signal }) => apiRequest(LICENSE_PATHS.signingKeys, { schema: ZSigningKeysResponse, signal }),
    select: (reply) => reply.signingKeys,
  });
}

function useSigningKeyMutation(fn: () => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: SIGNING_KEYS }),
  });
}

export const useRotateSigningKey = () =>
  useSigningKeyMutation(() =>
    apiRequest(LICENSE_PATHS.rotateSigningKey, { body: {}, schema: ZRotateSigningKeyResponse }),
  );

export function useRetireSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(licensePath(LICENSE_PATHS.retireSigningKey, id), {
        body: {},
        schema: ZRotateSigningKeyResponse,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: SIGNING_KEYS }),
  });
}

export function useKeyEntitlements(keyId: string) {
  return useQuery({
    queryKey: entitlementsKey(keyId),
    queryFn: ({ signal }) =>
      apiRequest(licensePath(LICENSE_PATHS.entitlements, keyId), { schema: ZEntitlementsResponse, signal }),
    select: (reply) => reply.entitlements,
  });
}

export function useSaveEntitlements(keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entitlements: Entitlements) =>
      apiRequest(licensePath(LICENSE_PATHS.entitlements, keyId), {
        method: 'PUT',
        body: { entitlements },
        schema: ZEntitlementsResponse,
      }),
    onSuccess: (reply) => client.setQueryData(entitlementsKey(keyId), reply),
  });
}
