import { z } from 'zod';
import { LIMITS, zEmail } from './common.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Accounts with members (decision 033). An account is what owns orders, projects, subscriptions,
 * Key Manager keys and businesses; its id is the id of the user who opened it. People act on it
 * with a role; the server checks the role's access to an area on every route.
 */
export const ACCOUNT_ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const ZAccountRole = z.enum(
  ACCOUNT_ROLES,
  'Choose a role: owner, admin, developer, billing or viewer',
);
/** Roles an invitation or a role change may give: ownership only moves by a transfer. */
export const INVITABLE_ROLES = ['admin', 'developer', 'billing', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export const ZInvitableRole = z.enum(INVITABLE_ROLES, 'Choose a role: admin, developer, billing or viewer');

export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

export const ACCOUNT_ROLE_DESCRIPTIONS: Record<AccountRole, string> = {
  owner: 'Everything, including transferring the account.',
  admin: 'Everything but transferring the account; manages members.',
  developer: 'Key Manager, API keys, projects and businesses; no payments or plans.',
  billing: 'Payments, plans and subscriptions; sees projects; no Key Manager or API keys.',
  viewer: 'Reads projects, Key Manager and businesses; changes nothing.',
};

/** The parts of an account a role may reach. */
export const ACCOUNT_AREAS = ['projects', 'keyManager', 'apiKeys', 'billing', 'business', 'members'] as const;
export type AccountArea = (typeof ACCOUNT_AREAS)[number];
export type AreaAccess = 'none' | 'read' | 'write';

/** The one table the server's guard and the web's menus both read. */
export const ACCOUNT_ROLE_ACCESS: Readonly<Record<AccountRole, Readonly<Record<AccountArea, AreaAccess>>>> = {
  owner: {
    projects: 'write',
    keyManager: 'write',
    apiKeys: 'write',
    billing: 'write',
    business: 'write',
    members: 'write',
  },
  admin: {
    projects: 'write',
    keyManager: 'write',
    apiKeys: 'write',
    billing: 'write',
    business: 'write',
    members: 'write',
  },
  developer: {
    projects: 'write',
    keyManager: 'write',
    apiKeys: 'write',
    billing: 'none',
    business: 'write',
    members: 'read',
  },
  billing: {
    projects: 'read',
    keyManager: 'none',
    apiKeys: 'none',
    billing: 'write',
    business: 'none',
    members: 'read',
  },
  viewer: {
    projects: 'read',
    keyManager: 'read',
    apiKeys: 'none',
    billing: 'none',
    business: 'read',
    members: 'read',
  },
};

/** Whether `role` may do `need` in `area`. */
export function roleAllows(role: AccountRole, area: AccountArea, need: 'read' | 'write'): boolean {
  const access = ACCOUNT_ROLE_ACCESS[role][area];
  return access === 'write' || (access === 'read' && need === 'read');
}

const AREA_NAMES: Record<AccountArea, string> = {
  projects: 'projects',
  keyManager: 'the Key Manager',
  apiKeys: 'API keys',
  billing: 'payments and plans',
  business: 'businesses',
  members: 'members',
};

/** The sentence a member sees when their role does not reach an area. */
export function roleRefusalMessage(role: AccountRole, area: AccountArea, need: 'read' | 'write'): string {
  const label = ACCOUNT_ROLE_LABELS[role];
  return ACCOUNT_ROLE_ACCESS[role][area] === 'read' && need === 'write'
    ? `Your role in this account (${label}) can see ${AREA_NAMES[area]} but not change them`
    : `Your role in this account (${label}) does not include ${AREA_NAMES[area]}`;
}

export const NOT_A_MEMBER_MESSAGE =
  'You are not a member of this account any more; switch to another account or sign in again';
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This account requires two-factor sign-in; set up an authenticator app or a passkey in Profile → Security first';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your email address first: open the link we sent you, or send a new one from your profile';
export const LAST_OWNER_MESSAGE =
  'The owner cannot leave or be removed; transfer the account to another member first';

export const TEAM_PATHS = {
  context: '/api/v1/account/context',
  switchAccount: '/api/v1/account/switch',
  rename: '/api/v1/account/name',
  members: '/api/v1/account/members',
  member: '/api/v1/account/members/:userId',
  leave: '/api/v1/account/leave',
  transfer: '/api/v1/account/transfer',
  invites: '/api/v1/account/invites',
  invite: '/api/v1/account/invites/:id',
  invitation: '/api/v1/invitations/:token',
  acceptInvitation: '/api/v1/invitations/accept',
  audit: '/api/v1/account/audit',
} as const;

export const memberPath = (userId: string) =>
  TEAM_PATHS.member.replace(':userId', encodeURIComponent(userId));
export const invitePath = (id: string) => TEAM_PATHS.invite.replace(':id', encodeURIComponent(id));
export const invitationPath = (token: string) =>
  TEAM_PATHS.invitation.replace(':token', encodeURIComponent(token));

/** Days an invitation link stays good. */
export const INVITE_TTL_DAYS = 7;

export const ZAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: ZAccountRole,
});
export type AccountSummary = z.infer<typeof ZAccountSummary>;

export const ZAccountContextResponse = z.object({
  status: z.literal('ok'),
  person: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  /** The account this session acts for; null when the person belongs to none. */
  account: ZAccountSummary.nullable(),
  /** Every account the person belongs to (a handful; not paged). */
  accounts: z.array(ZAccountSummary),
});
export type AccountContextResponse = z.infer<typeof ZAccountContextResponse>;

const zUuid = (what: string) => z.uuid(`${what} is not valid`);

export const ZSwitchAccountRequest = z.strictObject({ accountId: zUuid('The account') });
export type SwitchAccountRequest = z.input<typeof ZSwitchAccountRequest>;

export const ZRenameAccountRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Account name is required')
    .max(LIMITS.nameMax * 2, `Account name must be at most ${LIMITS.nameMax * 2} characters`),
});
export type RenameAccountRequest = z.input<typeof ZRenameAccountRequest>;

export const ZMember = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZAccountRole,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof ZMember>;

export const ZMembersQuery = z.strictObject(zPageQuery);
export type MembersQuery = z.input<typeof ZMembersQuery>;
export const ZMembersResponse = z.object({
  status: z.literal('ok'),
  members: z.array(ZMember),
  nextCursor: zNextCursor,
});
export type MembersResponse = z.infer<typeof ZMembersResponse>;

export const ZMemberParams = z.strictObject({ userId: zUuid('The member') });
export const ZChangeMemberRoleRequest = z.strictObject({ role: ZInvitableRole });
export type ChangeMemberRoleRequest = z.input<typeof ZChangeMemberRoleRequest>;
export const ZMemberResponse = z.object({ status: z.literal('ok'), member: ZMember });
export type MemberResponse = z.infer<typeof ZMemberResponse>;

export const ZTransferAccountRequest = z.strictObject({
  userId: zUuid('The new owner'),
  currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMax),
});
export type TransferAccountRequest = z.input<typeof ZTransferAccountRequest>;

export const ZInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof ZInvite>;

export const ZCreateInviteRequest = z.strictObject({ email: zEmail, role: ZInvitableRole });
export type CreateInviteRequest = z.input<typeof ZCreateInviteRequest>;
export const ZCreateInviteResponse = z.object({ status: z.literal('ok'), invite: ZInvite });
export type CreateInviteResponse = z.infer<typeof ZCreateInviteResponse>;

export const ZInvitesQuery = z.strictObject(zPageQuery);
export type InvitesQuery = z.input<typeof ZInvitesQuery>;
export const ZInvitesResponse = z.object({
  status: z.literal('ok'),
  invites: z.array(ZInvite),
  nextCursor: zNextCursor,
});
export type InvitesResponse = z.infer<typeof ZInvitesResponse>;
export const ZInviteParams = z.strictObject({ id: zUuid('The invitation') });

/** An invitation link's token: 43 base64url characters (32 random bytes). */
export const ZInvitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid; ask for a new one');
export const ZInvitationParams = z.strictObject({ token: ZInvitationToken });
export const ZInvitationResponse = z.object({
  status: z.literal('ok'),
  invitation: z.object({
    accountName: z.string(),
    invitedBy: z.string(),
    email: z.string(),
    role: ZInvitableRole,
    expiresAt: z.string(),
  }),
});
export type InvitationResponse = z.infer<typeof ZInvitationResponse>;
export const ZAcceptInvitationRequest = z.strictObject({ token: ZInvitationToken });
export type AcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

/** What the audit trail records (decision 033); the web names each in words. */
export const AUDIT_ACTIONS = [
  'member.invited',
  'invite.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'account.transferred',
  'account.renamed',
  'account.two_factor_policy',
  'two_factor.enabled',
  'two_factor.disabled',
  'passkey.added',
  'passkey.removed',
  'recovery_codes.regenerated',
  'sign_in',
  'sign_in.failed_second_factor',
  'session.switched',
  'session.ended',
  'password.changed',
  'email.verified',
  'api_key.created',
  // Key Manager dashboard (area 'key-manager', decision 037): before → after where something changed.
  'key.created',
  'key.changed',
  'key.deleted',
  'keys.bulk_issued',
  'keys.imported',
  'device.released',
  'device_policy.changed',
  'product.created',
  'product.changed',
  'product.deleted',
  'policy.created',
  'policy.changed',
  'policy.deleted',
  'licensing_settings.changed',
  'signing_key.rotated',
  'signing_key.retired',
  'api_key.revoked',
  'api_key.rolled',
  'api_key.simulated',
  'api_key.expired',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.secret_rolled',
  'webhook.redelivered',
  'portal_settings.changed',
  // Licensee portal (area 'portal'): the actor is the licensee's email.
  'portal.signed_in',
  'portal.device_released',
  'portal.certificate_downloaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Which part of the product an audit event belongs to: one trail, read per area (decision 037). */
export const AUDIT_AREAS = ['account', 'key-manager', 'portal'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const ZAuditEvent = z.object({
  id: z.string(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Extension (decision 037): the area, and the changed fields as they were and became (secrets masked). */
  area: z.enum(AUDIT_AREAS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditQuery = z.strictObject({
  ...zPageQuery,
  action: z.enum(AUDIT_ACTIONS, 'Choose an action from the list').optional(),
});
export type AuditQuery = z.input<typeof ZAuditQuery>;
export const ZAuditResponse = z.object({
  status: z.literal('ok'),
  events: z.array(ZAuditEvent),
  nextCursor: zNextCursor,
});
export type AuditResponse = z.infer<typeof ZAuditResponse>;
