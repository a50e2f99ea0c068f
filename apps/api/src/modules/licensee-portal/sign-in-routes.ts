import {
  PORTAL_PATHS,
  portalText,
  ZFailedResponse,
  ZPortalCodeRequest,
  ZPortalCodeResponse,
  ZPortalKeySignInRequest,
  ZPortalSessionResponse,
  ZPortalVerifyRequest,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import type { Clock } from '../../platform/clock.js';
import { recordPortalAction } from './portal-audit.js';
import type { PortalCookies } from './portal-cookies.js';
import { portalCall } from './portal-guard.js';
import { portalFailures, tags, zHandleParams } from './portal-routes.js';
import { type ActivePortalSession, sessionReply } from './portal-sessions.js';
import type { Caller, PortalSignIns } from './sign-in.js';

/** The sign-in calls; their CSRF token is the sign-in cookie's (double submit) until a session exists. */
export const SIGN_IN_ROUTES = [PORTAL_PATHS.requestCode, PORTAL_PATHS.verifyCode, PORTAL_PATHS.keySignIn];

const caller = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

export const signInRoutes =
  (signIns: PortalSignIns, cookies: PortalCookies, clock: Clock, audit: AuditTrail): FastifyPluginAsyncZod =>
  async (app) => {
    /** Sets the session's cookie and answers who is signed in. */
    const opened = async (
      request: FastifyRequest,
      reply: FastifyReply,
      handle: string,
      token: string,
      session: ActivePortalSession,
    ) => {
      cookies.setSession(reply, handle, token, session.expiresAt, clock.now());
      await recordPortalAction(audit, request, session, 'portal.signed_in', handle);
      return { status: 'ok' as const, session: sessionReply(session) };
    };

    app.post(
      PORTAL_PATHS.requestCode,
      {
        schema: {
          tags,
          summary:
            'Ask for a sign-in code by mail (the same reply whether or not the address holds a licence)',
          params: zHandleParams,
          body: ZPortalCodeRequest,
          response: { 200: ZPortalCodeResponse, ...portalFailures, 429: ZFailedResponse },
        },
      },
      async (request) => {
        const { portal } = portalCall(request);
        const attemptId = await signIns.requestCode(portal, request.body.email, caller(request));
        return { status: 'ok' as const, message: portalText('codeRequested'), attemptId };
      },
    );

    app.post(
      PORTAL_PATHS.verifyCode,
      {
        schema: {
          tags,
          summary: 'Sign in with the mailed code (sets the session cookie)',
          params: zHandleParams,
          body: ZPortalVerifyRequest,
          response: { 200: ZPortalSessionResponse, ...portalFailures },
        },
      },
      async (request, reply) => {
        const { portal } = portalCall(request);
        const { token, session } = await signIns.verifyCode(portal, request.body, caller(request));
        return opened(request, reply, portal.handle, token, session);
      },
    );

    app.post(
      PORTAL_PATHS.keySignIn,
      {
        schema: {
          tags,
          summary: 'Open one licence with its key alone (sets the session cookie)',
          params: zHandleParams,
          body: ZPortalKeySignInRequest,
          response: { 200: ZPortalSessionResponse, ...portalFailures, 429: ZFailedResponse },
        },
      },
      async (request, reply) => {
        const { portal } = portalCall(request);
        const { token, session } = await signIns.keySignIn(portal, request.body.licenseKey, caller(request));
        return opened(request, reply, portal.handle, token, session);
      },
    );
  };
