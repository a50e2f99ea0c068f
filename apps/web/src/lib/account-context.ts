import {
  type AccountArea,
  type AccountContextResponse,
  roleAllows,
  TEAM_PATHS,
  ZAccountContextResponse,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Invalidated by a switch, a join, a role change the person makes. */
export const ACCOUNT_CONTEXT_KEY = ['account-context'] as const;
/** A member's role may change on another device: picked up within a minute (the server checks anyway). */
const CONTEXT_POLL_MS = 60_000;

/** The signed-in person, the account this session acts for, and the accounts they belong to (decision 033). */
export function useAccountContext() {
  return useQuery({
    queryKey: ACCOUNT_CONTEXT_KEY,
    queryFn: ({ signal }) => apiRequest(TEAM_PATHS.context, { schema: ZAccountContextResponse, signal }),
    refetchInterval: CONTEXT_POLL_MS,
  });
}

/** Whether the session's role reaches `area`: undefined while loading, so menus do not flicker. */
export function areaAllowed(
  context: AccountContextResponse | undefined,
  area: AccountArea,
  need: 'read' | 'write' = 'read',
): boolean | undefined {
  if (!context) return undefined;
  return context.account ? roleAllows(context.account.role, area, need) : false;
}

export function useAreaAccess(area: AccountArea, need: 'read' | 'write' = 'read'): boolean | undefined {
  return areaAllowed(useAccountContext().data, area, need);
}
