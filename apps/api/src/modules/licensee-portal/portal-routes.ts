import {
  PORTAL_PATHS,
  portalPath,
  portalText,
  ZFailedResponse,
  ZOkResponse,
  ZPortalFace,
  ZPortalSessionResponse,
} from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../platform/http/errors.js';
import type { PortalCookies } from './portal-cookies.js';
import { portalCall, requireSession } from './portal-guard.js';
import { type PortalSessions, sessionReply } from './portal-sessions.js';

export const tags = ['licensee portal'];
export const zHandleParams = z.object({ handle: z.string().max(100) });
export const portalFailures = { 401: ZFailedResponse, 403: ZFailedResponse, 404: ZFailedResponse };

/** The portal's face, its logo, and the session (who is signed in; sign out). */
export const portalRoutes =
  (deps: AppDeps, sessions: PortalSessions, cookies: PortalCookies): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      PORTAL_PATHS.portal,
      {
        schema: {
          tags,
          summary: 'A portal’s face: name, logo, support, what it allows; sets the sign-in CSRF cookie',
          params: zHandleParams,
          response: { 200: ZPortalFace, 404: ZFailedResponse },
        },
      },
      async (request, reply) => {
        const { portal } = portalCall(request);
        return {
          status: 'ok' as const,
          handle: portal.handle,
          displayName: portal.displayName,
          logoUrl: portal.logoFileId ? portalPath(PORTAL_PATHS.logo, portal.handle) : null,
          supportEmail: portal.supportEmail,
          supportUrl: portal.supportUrl,
          allowRelease: portal.allowRelease,
          allowCertificates: portal.allowCertificates,
          csrfToken: cookies.signInToken(request, reply, portal.handle),
        };
      },
    );

    app.get(
      PORTAL_PATHS.logo,
      {
        // An owner's uploaded image: nosniff and a sandboxing policy (decision 038).
        config: { replyKind: 'download' },
        schema: {
          tags,
          summary: 'The portal’s logo image',
          params: zHandleParams,
          response: { 404: ZFailedResponse },
        },
      },
      async (request, reply) => {
        const { portal } = portalCall(request);
        const file = portal.logoFileId ? await deps.storage.find(portal.logoFileId) : null;
        if (!file) throw notFound('This portal has no logo.');
        const body = await deps.storage.open(file);
        // The image itself, outside the JSON schema the route declares for its failures.
        const image: FastifyReply = reply;
        return image
          .type(file.mimeType)
          .header('content-length', String(file.sizeBytes))
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );

    app.get(
      PORTAL_PATHS.session,
      {
        schema: {
          tags,
          summary: 'Who is signed in to this portal, with the session’s CSRF token',
          params: zHandleParams,
          response: { 200: ZPortalSessionResponse, ...portalFailures },
        },
      },
      async (request) => ({ status: 'ok' as const, session: sessionReply(requireSession(request)) }),
    );

    app.delete(
      PORTAL_PATHS.session,
      {
        schema: {
          tags,
          summary: 'Sign out of this portal',
          params: zHandleParams,
          response: { 200: ZOkResponse, ...portalFailures },
        },
      },
      async (request, reply) => {
        const { portal, session } = portalCall(request);
        if (session) await sessions.signOut(session.id);
        cookies.clearSession(reply, portal.handle);
        return { status: 'ok' as const, message: portalText('signedOut') };
      },
    );
  };
