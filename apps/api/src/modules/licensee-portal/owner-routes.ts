import {
  PORTAL_LIMITS,
  PORTAL_LOGO_TYPES,
  PORTAL_OWNER_PATHS,
  ZPortalSettingsRequest,
  ZPortalSettingsResponse,
  ZPortalSignInsQuery,
  ZPortalSignInsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { changes } from '../../platform/audit/changes.js';
import { currentAccount, currentUser } from '../../platform/auth/guard.js';
import { AppError, badRequest, payloadTooLarge } from '../../platform/http/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import type { PortalSessions } from './portal-sessions.js';
import type { PortalSettingsStore } from './portal-settings.js';

const tags = ['key-manager licensee portal'];
const security = [{ accessToken: [] }];
export const PORTAL_LOGO_PURPOSE = 'portal-logo';
const LOGO_KB = Math.round(PORTAL_LIMITS.logoMaxBytes / 1024);

/** The owner's side (decision 036): settings and logo need Key Manager write, the sign-in list read. */
export const ownerRoutes =
  (deps: AppDeps, settings: PortalSettingsStore, sessions: PortalSessions): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string) => ({ tags, security, summary });
    const owner = (request: Parameters<typeof currentAccount>[0]) => currentAccount(request).id;

    app.get(
      PORTAL_OWNER_PATHS.settings,
      {
        preHandler: read,
        schema: {
          ...route('The licensee portal’s settings (defaults when never saved)'),
          response: { 200: ZPortalSettingsResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, settings: await settings.get(owner(request)) }),
    );

    app.put(
      PORTAL_OWNER_PATHS.settings,
      {
        preHandler: write,
        schema: {
          ...route('Save the licensee portal’s settings (409 when the handle is another portal’s)'),
          body: ZPortalSettingsRequest,
          response: { 200: ZPortalSettingsResponse },
        },
      },
      async (request) => {
        const before = await settings.get(owner(request));
        const saved = await settings.save(owner(request), request.body);
        // The Key Manager's audit log (decision 037): the settings' changed fields, after the save.
        const changed = changes({ ...before }, { ...saved });
        if (changed) {
          await deps.audit.recordQuietly({
            accountId: owner(request),
            actor: currentUser(request),
            area: 'key-manager',
            action: 'portal_settings.changed',
            target: saved.handle ?? null,
            ip: request.ip ?? null,
            ...changed,
          });
        }
        return { status: 'ok' as const, settings: saved };
      },
    );

    app.put(
      PORTAL_OWNER_PATHS.logo,
      {
        preHandler: write,
        schema: {
          ...route(`Upload the portal’s logo: multipart, one PNG, JPEG or WebP file up to ${LOGO_KB} KB`),
          consumes: ['multipart/form-data'],
          response: { 200: ZPortalSettingsResponse },
        },
      },
      async (request) => {
        const ownerId = owner(request);
        const form = await readMultipart(request, deps.storage, {
          files: {
            logo: {
              rules: { maxBytes: PORTAL_LIMITS.logoMaxBytes, allowedTypes: PORTAL_LOGO_TYPES, label: 'Logo' },
              purpose: PORTAL_LOGO_PURPOSE,
              maxCount: 1,
            },
          },
          // One image, whatever the form calls its field.
          match: () => 'logo',
          ownerId,
        }).catch((error: unknown) => {
          // Storage words its limit in whole MB; the logo's is in KB.
          if (error instanceof AppError && error.statusCode === 413) {
            throw payloadTooLarge(`Logo is larger than ${LOGO_KB} KB`, error.field);
          }
          throw error;
        });
        const file = form.files.logo?.[0];
        if (!file) throw badRequest('Choose an image file for the logo', 'logo');
        const replaced = await settings.setLogo(ownerId, file.id);
        if (replaced) await removeFile(deps, replaced);
        return { status: 'ok' as const, settings: await settings.get(ownerId) };
      },
    );

    app.delete(
      PORTAL_OWNER_PATHS.logo,
      {
        preHandler: write,
        schema: { ...route('Remove the portal’s logo'), response: { 200: ZPortalSettingsResponse } },
      },
      async (request) => {
        const ownerId = owner(request);
        if ((await settings.row(ownerId))?.logoFileId) {
          const replaced = await settings.setLogo(ownerId, null);
          if (replaced) await removeFile(deps, replaced);
        }
        return { status: 'ok' as const, settings: await settings.get(ownerId) };
      },
    );

    app.get(
      PORTAL_OWNER_PATHS.signIns,
      {
        preHandler: read,
        schema: {
          ...route('Licensee portal sign-ins, newest first (paged)'),
          querystring: ZPortalSignInsQuery,
          response: { 200: ZPortalSignInsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await sessions.signIns(owner(request), request.query.limit, request.query.cursor)),
      }),
    );
  };

async function removeFile(deps: AppDeps, id: string): Promise<void> {
  const file = await deps.storage.find(id);
  if (file) await deps.storage.remove(file);
}
