import {
  ACCOUNT_PATHS,
  type ChangeNameRequest,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type ChangeSecurityQuestionRequest,
  type OkResponse,
  type ResetPasswordRequest,
  type SigninRequest,
  type SignupRequest,
  ZChangePasswordResponse,
  ZOkResponse,
  ZResetPasswordResponse,
  ZSettingsResponse,
  ZSigninResponse,
  ZSignupResponse,
  ZUserInformationResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clearSession, getRefreshToken, storeTokens } from '../../lib/session';
import { revokeSession } from '../../lib/session-exchange';

/** Spec §9: user information is polled every 1.2 s. */
export const USER_INFO_POLL_MS = 1200;
export const USER_INFO_KEY = ['user-information'] as const;
export const SETTINGS_KEY = ['user-settings'] as const;

export const signup = (body: SignupRequest) =>
  apiRequest(ACCOUNT_PATHS.signup, { body, schema: ZSignupResponse, auth: false });

export const signin = (body: SigninRequest) =>
  apiRequest(ACCOUNT_PATHS.signin, { body, schema: ZSigninResponse, auth: false });

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest(ACCOUNT_PATHS.resetPassword, { body, schema: ZResetPasswordResponse, auth: false });

/** Revokes the refresh token on the server (failure ignored: the session ends either way), then clears storage. */
export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  if (refresh) await revokeSession(refresh);
  clearSession();
}

export function useUserInformation() {
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) =>
      apiRequest(ACCOUNT_PATHS.userInformationGet, { schema: ZUserInformationResponse, signal }),
    select: (reply) => reply.userInformation,
    refetchInterval: USER_INFO_POLL_MS,
  });
}

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => apiRequest(ACCOUNT_PATHS.settings, { schema: ZSettingsResponse, signal }),
    select: (reply) => reply.settings,
  });
}

/** Settings changes refresh both the settings and the polled user information. */
function useSettingsMutation<T, R extends { message?: string }>(
  path: string,
  schema: z.ZodType<R>,
  after?: (reply: R) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { body, schema }),
    onSuccess: async (reply) => {
      after?.(reply);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
      ]);
    },
  });
}

export const useChangeName = () =>
  useSettingsMutation<ChangeNameRequest, OkResponse>(ACCOUNT_PATHS.settingsName, ZOkResponse);
/** The server signs other devices out and returns a fresh pair for this one: keep it. */
export const useChangePassword = () =>
  useSettingsMutation<ChangePasswordRequest, ChangePasswordResponse>(
    ACCOUNT_PATHS.settingsPassword,
    ZChangePasswordResponse,
    (reply) => storeTokens({ access: reply.access, refresh: reply.refresh }),
  );
export const useChangeSecurityQuestion = () =>
  useSettingsMutation<ChangeSecurityQuestionRequest, OkResponse>(
    ACCOUNT_PATHS.settingsSecurityQuestion,
    ZOkResponse,
  );
