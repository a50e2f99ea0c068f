import { z } from 'zod';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Signed-in devices (decision 033): one per sign-in (refresh-token family). The person lists and
 * ends their own; an admin signs a person out everywhere.
 */
export const SESSION_PATHS = {
  list: '/api/v1/user/sessions',
  session: '/api/v1/user/sessions/:id',
  endOthers: '/api/v1/user/sessions/end-others',
  adminSignOutEverywhere: '/api/v1/admin/users/sign-out-everywhere',
} as const;

export const sessionPath = (id: string) => SESSION_PATHS.session.replace(':id', encodeURIComponent(id));

export const ZSessionsQuery = z.strictObject(zPageQuery);
export type SessionsQuery = z.input<typeof ZSessionsQuery>;

export const ZSessionParams = z.strictObject({ id: z.uuid('That session does not exist') });

export const ZDeviceSession = z.object({
  id: z.string(),
  /** "Chrome 131", or null when the user agent says nothing known. */
  browser: z.string().nullable(),
  /** "Windows 11", "macOS", "Android 14", or null. */
  os: z.string().nullable(),
  /** desktop, mobile, tablet, … (bowser's platform type), or null. */
  deviceType: z.string().nullable(),
  ip: z.string().nullable(),
  /**
   * The country a trusted proxy named (CF-IPCountry, X-Country): for this device, of its current
   * request; for the others, of their sign-in. Null when unknown: there is no GeoIP database.
   */
  place: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof ZDeviceSession>;

export const ZSessionsResponse = z.object({
  status: z.literal('ok'),
  sessions: z.array(ZDeviceSession),
  nextCursor: zNextCursor,
});
export type SessionsResponse = z.infer<typeof ZSessionsResponse>;

export const ZEndSessionsResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  /** How many sessions were ended. */
  ended: z.number().int(),
});
export type EndSessionsResponse = z.infer<typeof ZEndSessionsResponse>;

export const ZAdminSignOutRequest = z.strictObject({ userID: z.uuid('Choose a user') });
export type AdminSignOutRequest = z.input<typeof ZAdminSignOutRequest>;
