import {
  SESSION_PATHS,
  sessionPath,
  VERIFICATION_PATHS,
  ZEmailVerificationStatusResponse,
  ZEndSessionsResponse,
  ZResendVerificationResponse,
  ZSessionsResponse,
  ZVerifyEmailResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

import { SESSIONS_KEY, VERIFICATION_KEY } from './security-keys';

/* Email verification and signed-in devices (decision 033): the profile's notice and Sessions tab. */

/** How often the Sessions tab re-reads the list (last active changes as devices refresh). */
const SESSIONS_POLL_MS = 30_000;

export function useEmailVerification() {
  return useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: ({ signal }) =>
      apiRequest(VERIFICATION_PATHS.status, { schema: ZEmailVerificationStatusResponse, signal }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiRequest(VERIFICATION_PATHS.resend, { method: 'POST', schema: ZResendVerificationResponse }),
  });
}

/** The link's page: public, the token is the proof (the person may open it signed out). */
export const verifyEmail = (token: string) =>
  apiRequest(VERIFICATION_PATHS.verify, { body: { token }, schema: ZVerifyEmailResponse, auth: false });

export function useSessions(cursor: string | undefined) {
  return useQuery({
    queryKey: [...SESSIONS_KEY, cursor],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(SESSION_PATHS.list, { cursor }), { schema: ZSessionsResponse, signal }),
    refetchInterval: SESSIONS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(sessionPath(id), { method: 'DELETE', schema: ZEndSessionsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(SESSION_PATHS.endOthers, { method: 'POST', schema: ZEndSessionsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
