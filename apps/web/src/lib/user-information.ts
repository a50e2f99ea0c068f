import { ACCOUNT_PATHS, ZUserInformationResponse } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** docs/product-contract.md §Polling: user information is polled every 1.2 s. */
const USER_INFO_POLL_MS = 1200;
/** Invalidated by the changes it reports (name, a new business). */
export const USER_INFO_KEY = ['user-information'] as const;

/** The signed-in user's own information: the profile, the staff area and the admin read it. */
export function useUserInformation() {
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) =>
      apiRequest(ACCOUNT_PATHS.userInformationGet, { schema: ZUserInformationResponse, signal }),
    select: (reply) => reply.userInformation,
    refetchInterval: USER_INFO_POLL_MS,
  });
}
