import {
  ACCOUNT_PATHS,
  type ChangeNameRequest,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type ChangeSecurityQuestionRequest,
  type OkResponse,
  type ResetPasswordFlowRequest,
  type SecondFactorRequest,
  type SigninRequest,
  type SignupRequest,
  TWO_FACTOR_PATHS,
  ZChangePasswordResponse,
  ZOkResponse,
  ZResetPasswordFlowResponse,
  ZSecondFactorResponse,
  ZSettingsResponse,
  ZSigninOutcome,
  ZSignupResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { storeTokens } from '../../lib/session';
import { USER_INFO_KEY } from '../../lib/user-information';

export const SETTINGS_KEY = ['user-settings'] as const;

export const signup = (body: SignupRequest) =>
  apiRequest(ACCOUNT_PATHS.signup, { body, schema: ZSignupResponse, auth: false });

/** Tokens, or for a person with a second factor the step that leads to them (`needsSecondFactor`). */
export const signin = (body: SigninRequest) =>
  apiRequest(ACCOUNT_PATHS.signin, { body, schema: ZSigninOutcome, auth: false });

/** The sign-in's second call: the step's challenge and a code or passkey. */
export const signinSecondFactor = (body: SecondFactorRequest) =>
  apiRequest(TWO_FACTOR_PATHS.secondFactor, { body, schema: ZSecondFactorResponse, auth: false });

/** Step 2 may answer the second-factor step; it is sent again with `secondFactor`. */
export const resetPassword = (body: ResetPasswordFlowRequest) =>
  apiRequest(ACCOUNT_PATHS.resetPassword, { body, schema: ZResetPasswordFlowResponse, auth: false });

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
