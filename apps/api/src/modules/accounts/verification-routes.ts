import {
  VERIFICATION_PATHS,
  ZChangeEmailRequest,
  ZChangeEmailResponse,
  ZEmailVerificationStatusResponse,
  ZResendVerificationResponse,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { SessionService } from './sessions.js';
import { EmailVerifications } from './verification.js';

const tags = ['accounts'];
const security = [{ accessToken: [] }];

/**
 * Email verification (decision 033): the profile's status and "send the link again", the link, and
 * Settings' change of address (verified by its own link).
 */
export const verificationRoutes =
  (deps: AppDeps, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    const verifications = new EmailVerifications(deps, (userId) => sessions.accountChanged(userId));

    app.get(
      VERIFICATION_PATHS.status,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          summary: 'Your email address and whether it is verified',
          security,
          response: { 200: ZEmailVerificationStatusResponse },
        },
      },
      async (request) => {
        const { email, verifiedAt } = await verifications.status(currentUser(request).id);
        return {
          status: 'ok' as const,
          email,
          verified: verifiedAt !== null,
          verifiedAt: verifiedAt?.toISOString() ?? null,
        };
      },
    );

    app.post(
      VERIFICATION_PATHS.resend,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          summary: 'Mail a new verification link (3 an hour)',
          security,
          response: { 200: ZResendVerificationResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: await verifications.resend(currentUser(request).id),
      }),
    );

    app.post(
      VERIFICATION_PATHS.verify,
      {
        schema: {
          tags,
          summary: 'Verify an email address with the link it was sent',
          body: ZVerifyEmailRequest,
          response: { 200: ZVerifyEmailResponse },
        },
      },
      async (request) => {
        const { changedFrom, ...outcome } = await verifications.verify(request.body.token, request.ip);
        const message = changedFrom
          ? `Thank you: your email address is now ${outcome.email}`
          : outcome.alreadyVerified
            ? `${outcome.email} is already verified`
            : `Thank you: ${outcome.email} is verified`;
        return { status: 'ok' as const, message, ...outcome };
      },
    );

    app.post(
      VERIFICATION_PATHS.changeEmail,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          summary: 'Change your email address: the new one gets a link; the change happens when it is opened',
          security,
          body: ZChangeEmailRequest,
          response: { 200: ZChangeEmailResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: await verifications.changes.request(
          currentUser(request).id,
          request.body.email,
          request.body.currentPassword,
        ),
      }),
    );
  };
