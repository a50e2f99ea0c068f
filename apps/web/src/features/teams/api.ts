import {
  type AuditAction,
  type InvitableRole,
  invitationPath,
  invitePath,
  memberPath,
  TEAM_PATHS,
  ZAuditResponse,
  ZCreateInviteResponse,
  ZInvitationResponse,
  ZInvitesResponse,
  ZMemberResponse,
  ZMembersResponse,
  ZOkResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_CONTEXT_KEY } from '../../lib/account-context';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

const MEMBERS_KEY = ['team', 'members'] as const;
const INVITES_KEY = ['team', 'invites'] as const;
const AUDIT_KEY = ['team', 'audit'] as const;

export function useMembers(cursor: string | undefined) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, cursor],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(TEAM_PATHS.members, { cursor }), { schema: ZMembersResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvites(cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...INVITES_KEY, cursor],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(withQuery(TEAM_PATHS.invites, { cursor }), { schema: ZInvitesResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(cursor: string | undefined, action: AuditAction | undefined) {
  return useQuery({
    queryKey: [...AUDIT_KEY, cursor, action],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(TEAM_PATHS.audit, { cursor, action }), { schema: ZAuditResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every team list and the context: after any change the trail, members and invites move together. */
function useTeamChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['team'] }),
      queryClient.invalidateQueries({ queryKey: ACCOUNT_CONTEXT_KEY }),
    ]);
}

export function useInvite() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: (body: { email: string; role: InvitableRole }) =>
      apiRequest(TEAM_PATHS.invites, { method: 'POST', body, schema: ZCreateInviteResponse }),
    onSuccess: changed,
  });
}

export function useRevokeInvite() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: (id: string) => apiRequest(invitePath(id), { method: 'DELETE', schema: ZOkResponse }),
    onSuccess: changed,
  });
}

export function useChangeRole() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InvitableRole }) =>
      apiRequest(memberPath(userId), { method: 'PATCH', body: { role }, schema: ZMemberResponse }),
    onSuccess: changed,
  });
}

export function useRemoveMember() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(memberPath(userId), { method: 'DELETE', schema: ZOkResponse }),
    onSuccess: changed,
  });
}

export function useRenameAccount() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(TEAM_PATHS.rename, { method: 'PUT', body: { name }, schema: ZOkResponse }),
    onSuccess: changed,
  });
}

export function useTransferAccount() {
  const changed = useTeamChange();
  return useMutation({
    mutationFn: (body: { userId: string; currentPassword: string }) =>
      apiRequest(TEAM_PATHS.transfer, { method: 'POST', body, schema: ZOkResponse }),
    onSuccess: changed,
  });
}

/** Acting for another account changes every answer: everything cached is dropped. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      apiRequest(TEAM_PATHS.switchAccount, { method: 'POST', body: { accountId }, schema: ZOkResponse }),
    onSuccess: () => queryClient.resetQueries(),
  });
}

export function useLeaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(TEAM_PATHS.leave, { method: 'POST', body: {}, schema: ZOkResponse }),
    onSuccess: () => queryClient.resetQueries(),
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest(invitationPath(token), { schema: ZInvitationResponse, signal, auth: false }),
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(TEAM_PATHS.acceptInvitation, { method: 'POST', body: { token }, schema: ZOkResponse }),
    onSuccess: () => queryClient.resetQueries(),
  });
}

/**
 * An invitation opened while signed out, kept for this tab while the person signs in or up, so the
 * profile can lead them back to accept it (sessionStorage: it ends with the tab).
 */
const PENDING_KEY = 'pending-invitation';

export function rememberInvitation(token: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, token);
  } catch {
    // Storage off (private mode): the link in the mail still works.
  }
}

export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing kept
  }
}
