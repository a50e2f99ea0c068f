import {
  type AddPasskeyRequest,
  passkeyPath,
  type RegenerateRecoveryCodesRequest,
  type RenamePasskeyRequest,
  type TotpConfirmRequest,
  type TotpDisableRequest,
  TWO_FACTOR_PATHS,
  type TwoFactorPolicyRequest,
  ZOkResponse,
  ZPasskeyOptionsResponse,
  ZPasskeyResponse,
  ZRecoveryCodesResponse,
  ZSecurityStatusResponse,
  ZTotpSetupResponse,
  ZTwoFactorPolicyResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type HttpMethod } from '../../lib/api-client';

/* Profile → Security: the authenticator app, recovery codes, passkeys, the account's member rule. */

export const SECURITY_KEY = ['two-factor-security'] as const;

export function useSecurity() {
  return useQuery({
    queryKey: SECURITY_KEY,
    queryFn: ({ signal }) =>
      apiRequest(TWO_FACTOR_PATHS.security, { schema: ZSecurityStatusResponse, signal }),
    select: (reply) => reply.security,
  });
}

/** A change that the Security tab's status reflects: it is read again afterwards. */
function useSecurityChange<T, R>(path: string, schema: z.ZodType<R>, method: HttpMethod = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { method, body, schema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}

/** Starting the set-up changes nothing the tab shows until it is confirmed. */
export const useTotpSetup = () =>
  useMutation({
    mutationFn: () => apiRequest(TWO_FACTOR_PATHS.totpSetup, { body: {}, schema: ZTotpSetupResponse }),
  });
export const useTotpConfirm = () =>
  useSecurityChange<TotpConfirmRequest, z.infer<typeof ZRecoveryCodesResponse>>(
    TWO_FACTOR_PATHS.totpConfirm,
    ZRecoveryCodesResponse,
  );
export const useTotpDisable = () =>
  useSecurityChange<TotpDisableRequest, z.infer<typeof ZOkResponse>>(
    TWO_FACTOR_PATHS.totpDisable,
    ZOkResponse,
  );
export const useRegenerateRecoveryCodes = () =>
  useSecurityChange<RegenerateRecoveryCodesRequest, z.infer<typeof ZRecoveryCodesResponse>>(
    TWO_FACTOR_PATHS.recoveryCodes,
    ZRecoveryCodesResponse,
  );

export const passkeyOptions = () =>
  apiRequest(TWO_FACTOR_PATHS.passkeyOptions, { body: {}, schema: ZPasskeyOptionsResponse });
export const useAddPasskey = () =>
  useSecurityChange<AddPasskeyRequest, z.infer<typeof ZPasskeyResponse>>(
    TWO_FACTOR_PATHS.passkeys,
    ZPasskeyResponse,
  );
export const useRenamePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RenamePasskeyRequest & { id: string }) =>
      apiRequest(passkeyPath(id), { method: 'PATCH', body, schema: ZPasskeyResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
};
export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(passkeyPath(id), { method: 'DELETE', schema: ZOkResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
};

export const useMemberTwoFactorPolicy = () =>
  useSecurityChange<TwoFactorPolicyRequest, z.infer<typeof ZTwoFactorPolicyResponse>>(
    TWO_FACTOR_PATHS.accountPolicy,
    ZTwoFactorPolicyResponse,
    'PUT',
  );
