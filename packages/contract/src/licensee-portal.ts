import { z } from 'zod';
import { zEmail } from './common.js';
import { ZEntitlementMap, ZKeyStatus } from './key-licensing.js';
import { zLicenceKey } from './key-manager.js';
import { PORTAL_STRINGS } from './licensee-portal-strings.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * The licensee portal (decision 036): each Key Manager owner may switch on a public place where the
 * people their keys are issued to (the key's customer email, decision 032) sign in with a mailed
 * one-time code, see their licences and devices, release a device and download an offline
 * certificate, within what the owner allows. A licensee may also open one licence by its key alone.
 *
 * Portal calls are cookie sessions (HttpOnly, SameSite=Strict, path-scoped to the owner's portal),
 * so every state-changing call carries `PORTAL_CSRF_HEADER` (see there).
 */

const OWNER = '/api/v1/saas-platform/key-manager/portal';
const PORTAL = '/api/v1/portal/:handle';

/** The owner's side (dashboard; Key Manager write role for changes, read for the sign-in list). */
export const PORTAL_OWNER_PATHS = {
  /** GET: the owner's portal settings (defaults when never saved). PUT: save them. */
  settings: OWNER,
  /** PUT: the logo (multipart, one image file, `PORTAL_LIMITS.logoMaxBytes`). DELETE: remove it. */
  logo: `${OWNER}/logo`,
  /** GET: portal sign-ins, newest first (`limit`/`cursor`). */
  signIns: `${OWNER}/sign-ins`,
} as const;

/** The licensee's side: public, by the owner's handle. 404 for an unknown handle or a portal switched off. */
export const PORTAL_PATHS = {
  /** GET: the portal's face (name, logo, support, what it allows); sets the sign-in CSRF cookie. */
  portal: PORTAL,
  /** GET: the owner's logo image. */
  logo: `${PORTAL}/logo`,
  /** POST {email}: mails a code when the email holds a licence here; the same reply either way. */
  requestCode: `${PORTAL}/sign-in/code`,
  /** POST {attemptId, code}: signs in (sets the session cookie). */
  verifyCode: `${PORTAL}/sign-in/verify`,
  /** POST {licenseKey}: signs in to that one licence. */
  keySignIn: `${PORTAL}/sign-in/key`,
  /** GET: who is signed in (and the session's CSRF token). DELETE: sign out. */
  session: `${PORTAL}/session`,
  /** GET: the licensee's licences (email sessions only), `limit`/`cursor`. */
  licences: `${PORTAL}/licences`,
  /** GET: one licence with its devices. */
  licence: `${PORTAL}/licences/:keyId`,
  /** POST: frees the device's slot (if the portal allows and the 30-day allowance has room). */
  releaseDevice: `${PORTAL}/licences/:keyId/devices/:deviceId/release`,
  /** POST: an offline certificate for the device (if the portal allows), as a file download. */
  certificate: `${PORTAL}/licences/:keyId/devices/:deviceId/certificate`,
} as const;

/** The web page of an owner's portal. Pre-fill from an app: `?email=` or `#key=` (see PORTAL_LINKS). */
export const PORTAL_PAGE = '/portal/:handle';

/**
 * How an owner's app links to its portal. The key goes in the fragment, which browsers never send to
 * a server, so it stays out of access logs and proxies; the mailed sign-in link does the same with
 * its code.
 */
export const PORTAL_LINKS = {
  page: (handle: string) => `/portal/${encodeURIComponent(handle)}`,
  withEmail: (handle: string, email: string) =>
    `/portal/${encodeURIComponent(handle)}?email=${encodeURIComponent(email)}`,
  withKey: (handle: string, key: string) =>
    `/portal/${encodeURIComponent(handle)}#key=${encodeURIComponent(key)}`,
  signInLink: (handle: string, attemptId: string, code: string) =>
    `/portal/${encodeURIComponent(handle)}#attempt=${encodeURIComponent(attemptId)}&code=${encodeURIComponent(code)}`,
} as const;

/** A portal path with `:handle` (and `:keyId`, `:deviceId`) filled in. */
export function portalPath(
  path: (typeof PORTAL_PATHS)[keyof typeof PORTAL_PATHS],
  handle: string,
  keyId = '',
  deviceId = '',
): string {
  return path
    .replace(':handle', encodeURIComponent(handle))
    .replace(':keyId', encodeURIComponent(keyId))
    .replace(':deviceId', encodeURIComponent(deviceId));
}

/**
 * CSRF (decision 036): every POST, PUT and DELETE under `/api/v1/portal/` must send this header. Signed
 * in, its value is the session's token (from the sign-in reply or GET session). Before sign-in, its
 * value must equal the `PORTAL_CSRF_COOKIE` cookie that GET portal sets (double submit). A cross-site
 * form can send neither, and the cookies are SameSite=Strict besides.
 */
export const PORTAL_CSRF_HEADER = 'X-Portal-CSRF';
export const PORTAL_CSRF_COOKIE = 'nw_portal_csrf';
export const PORTAL_SESSION_COOKIE = 'nw_portal';

export const PORTAL_LIMITS = {
  handleMin: 3,
  handleMax: 40,
  displayNameMax: 80,
  urlMax: 300,
  senderNameMax: 80,
  mailSubjectMax: 120,
  mailIntroMax: 1000,
  logoMaxBytes: 256 * 1024,
  /** Digits of a mailed code. */
  codeLength: 6,
  codeTtlMinutes: 10,
  /** Wrong codes an attempt takes before it is spent (a new code must be asked for). */
  codeTriesPerAttempt: 5,
  codesPerEmailPerHour: 5,
  codesPerIpPerHour: 20,
  keySignInsPerIpPerHour: 20,
  emailSessionHours: 12,
  keySessionHours: 2,
  releasesPer30DaysMax: 20,
} as const;

/** Image types a logo may have. */
export const PORTAL_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const PORTAL_HANDLE_MESSAGE = `Use ${PORTAL_LIMITS.handleMin} to ${PORTAL_LIMITS.handleMax} lowercase letters, digits and dashes, starting with a letter`;

export const zPortalHandle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    new RegExp(`^[a-z][a-z0-9-]{${PORTAL_LIMITS.handleMin - 1},${PORTAL_LIMITS.handleMax - 1}}$`),
    PORTAL_HANDLE_MESSAGE,
  );

const zHttpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(PORTAL_LIMITS.urlMax, `${label} must be at most ${PORTAL_LIMITS.urlMax} characters`)
    .regex(/^https?:\/\/[^\s]+$/i, `${label} must be a full address starting with https://`);

const zOptionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** What the owner saves (PUT settings). Empty strings clear the optional texts. */
export const ZPortalSettingsRequest = z.strictObject({
  enabled: z.boolean(),
  handle: zPortalHandle,
  displayName: zOptionalText('Display name', PORTAL_LIMITS.displayNameMax).min(1, 'Display name is required'),
  supportEmail: z.union([z.literal(''), zEmail]),
  supportUrl: z.union([z.literal(''), zHttpsUrl('Support page')]),
  /** Where an expired licence is renewed or a new one bought. */
  purchaseUrl: z.union([z.literal(''), zHttpsUrl('Renewal page')]),
  allowRelease: z.boolean(),
  releasesPer30Days: z
    .number('Releases per 30 days must be a number')
    .int('Releases per 30 days must be a whole number')
    .min(1, 'Releases per 30 days must be at least 1')
    .max(
      PORTAL_LIMITS.releasesPer30DaysMax,
      `Releases per 30 days must be at most ${PORTAL_LIMITS.releasesPer30DaysMax}`,
    ),
  allowCertificates: z.boolean(),
  /** The sign-in mail's sender name, subject and opening sentence; empty uses the portal's defaults. */
  mailSenderName: zOptionalText('Sender name', PORTAL_LIMITS.senderNameMax),
  mailSubject: zOptionalText('Mail subject', PORTAL_LIMITS.mailSubjectMax),
  mailIntro: zOptionalText('Mail wording', PORTAL_LIMITS.mailIntroMax),
});
export type PortalSettingsRequest = z.input<typeof ZPortalSettingsRequest>;

export const ZPortalSettings = ZPortalSettingsRequest.extend({
  handle: z.string(),
  supportEmail: z.string(),
  hasLogo: z.boolean(),
  /** The portal's web address (absolute), for the owner to link from their app. */
  url: z.string(),
  /** Never saved: a suggested handle and the defaults. */
  saved: z.boolean(),
});
export type PortalSettings = z.infer<typeof ZPortalSettings>;

export const ZPortalSettingsResponse = z.object({ status: z.literal('ok'), settings: ZPortalSettings });
export type PortalSettingsResponse = z.infer<typeof ZPortalSettingsResponse>;

export const PORTAL_SIGN_IN_METHODS = ['code', 'link', 'key'] as const;
export type PortalSignInMethod = (typeof PORTAL_SIGN_IN_METHODS)[number];

/** One portal sign-in, for the owner's list. */
export const ZPortalSignIn = z.object({
  id: z.string(),
  at: z.string(),
  method: z.enum(PORTAL_SIGN_IN_METHODS),
  /** The licensee's email (code and link sign-ins). */
  email: z.string().nullable(),
  /** The licence opened (key sign-ins): its masked key. */
  maskedKey: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type PortalSignIn = z.infer<typeof ZPortalSignIn>;

export const ZPortalSignInsQuery = z.strictObject(zPageQuery);
export const ZPortalSignInsResponse = z.object({
  status: z.literal('ok'),
  signIns: z.array(ZPortalSignIn),
  nextCursor: zNextCursor,
});
export type PortalSignInsResponse = z.infer<typeof ZPortalSignInsResponse>;

/** The portal's public face (GET portal). */
export const ZPortalFace = z.object({
  status: z.literal('ok'),
  handle: z.string(),
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportUrl: z.string().nullable(),
  allowRelease: z.boolean(),
  allowCertificates: z.boolean(),
  /** The token for `PORTAL_CSRF_HEADER` on sign-in calls (also set as `PORTAL_CSRF_COOKIE`). */
  csrfToken: z.string(),
});
export type PortalFace = z.infer<typeof ZPortalFace>;

export const ZPortalCodeRequest = z.strictObject({ email: zEmail });
export type PortalCodeRequest = z.input<typeof ZPortalCodeRequest>;

/** The same reply whether or not the email holds a licence here. */
export const ZPortalCodeResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  /** Sent back with the code; a random id even for an unknown email. */
  attemptId: z.string(),
});
export type PortalCodeResponse = z.infer<typeof ZPortalCodeResponse>;

export const ZPortalVerifyRequest = z.strictObject({
  attemptId: z.uuid(PORTAL_STRINGS.codeWrong),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${PORTAL_LIMITS.codeLength}}$`), PORTAL_STRINGS.codeFormat),
  /** True when the code came in through the mailed link (recorded as a `link` sign-in). */
  fromLink: z.boolean().optional(),
});
export type PortalVerifyRequest = z.input<typeof ZPortalVerifyRequest>;

export const ZPortalKeySignInRequest = z.strictObject({ licenseKey: zLicenceKey });
export type PortalKeySignInRequest = z.input<typeof ZPortalKeySignInRequest>;

/** Who is signed in: a licensee by email (all their licences) or one licence by its key. */
export const ZPortalSession = z.object({
  kind: z.enum(['email', 'key']),
  email: z.string().nullable(),
  /** Key sessions: the one licence they may open. */
  keyId: z.string().nullable(),
  expiresAt: z.string(),
  csrfToken: z.string(),
});
export type PortalSession = z.infer<typeof ZPortalSession>;

export const ZPortalSessionResponse = z.object({ status: z.literal('ok'), session: ZPortalSession });
export type PortalSessionResponse = z.infer<typeof ZPortalSessionResponse>;

/** A device as its licensee sees it: no address, no fingerprint. */
export const ZPortalDevice = z.object({
  id: z.string(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type PortalDevice = z.infer<typeof ZPortalDevice>;

export const ZPortalLicence = z.object({
  id: z.string(),
  key: z.string(),
  product: z.object({ code: z.string(), name: z.string() }),
  keyStatus: ZKeyStatus,
  expiresAt: z.string().nullable(),
  entitlements: ZEntitlementMap,
  maxActivations: z.number(),
  activations: z.number(),
  /** Releases the licensee may still make in the rolling 30 days (0 when the portal allows none). */
  releasesLeft: z.number(),
  /** When the next release becomes possible, when none is left; null otherwise. */
  nextReleaseAt: z.string().nullable(),
  /** The owner's renewal or purchase page, when the licence has expired; null otherwise. */
  renewUrl: z.string().nullable(),
});
export type PortalLicence = z.infer<typeof ZPortalLicence>;

export const ZPortalLicencesQuery = z.strictObject(zPageQuery);
export const ZPortalLicencesResponse = z.object({
  status: z.literal('ok'),
  licences: z.array(ZPortalLicence),
  nextCursor: zNextCursor,
});
export type PortalLicencesResponse = z.infer<typeof ZPortalLicencesResponse>;

export const ZPortalLicenceResponse = z.object({
  status: z.literal('ok'),
  licence: ZPortalLicence,
  devices: z.array(ZPortalDevice),
});
export type PortalLicenceResponse = z.infer<typeof ZPortalLicenceResponse>;

export const ZPortalReleaseResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  licence: ZPortalLicence,
});
export type PortalReleaseResponse = z.infer<typeof ZPortalReleaseResponse>;

/** Lifetime of a certificate downloaded from the portal (days; the longest a checkout allows). */
export const PORTAL_CERTIFICATE_DAYS = 30;
