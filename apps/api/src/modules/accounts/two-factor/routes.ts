import {
  TWO_FACTOR_PATHS,
  ZAddPasskeyRequest,
  ZOkResponse,
  ZPasskeyOptionsResponse,
  ZPasskeyParams,
  ZPasskeyResponse,
  ZRecoveryCodesResponse,
  ZRegenerateRecoveryCodesRequest,
  ZRenamePasskeyRequest,
  ZSecondFactorRequest,
  ZSecondFactorResponse,
  ZSecurityStatusResponse,
  ZTotpConfirmRequest,
  ZTotpDisableRequest,
  ZTotpSetupResponse,
  ZTwoFactorPolicyRequest,
  ZTwoFactorPolicyResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentAccount, currentUser } from '../../../platform/auth/guard.js';
import { originOf } from '../session-origin.js';
import type { SessionService } from '../sessions.js';
import { setMemberTwoFactorPolicy } from './account-policy.js';
import { completeSignIn } from './signin-completion.js';
import type { TwoFactor } from './wiring.js';

const tags = ['accounts'];
const security = [{ accessToken: [] }];
const noBody = z.strictObject({}).optional();

/** The second step of sign-in, Profile → Security, and an account's rule for its members. */
export const twoFactorRoutes =
  (deps: AppDeps, twoFactor: TwoFactor, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    const { enrolment } = twoFactor;
    // Staff and admins the company's rule refuses elsewhere can still reach these (guard.ts).
    const signedIn = deps.guards.requireUserForEnrolment;
    const who = (request: FastifyRequest) => ({ user: currentUser(request), ip: request.ip });

    app.post(
      TWO_FACTOR_PATHS.secondFactor,
      {
        schema: {
          tags,
          summary: 'Sign in, second step: the challenge from the password step and a code or passkey',
          body: ZSecondFactorRequest,
          response: { 200: ZSecondFactorResponse },
        },
      },
      async (request) => {
        const { challenge, proof } = request.body;
        const result = await completeSignIn(
          { gate: twoFactor.gate, sessions },
          challenge,
          proof,
          originOf(request, deps.config.TRUST_PROXY),
        );
        return {
          status: 'ok' as const,
          access: result.access,
          refresh: result.refresh,
          user_type: result.userType,
          message: 'Signed in successfully',
        };
      },
    );

    app.get(
      TWO_FACTOR_PATHS.security,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Your second factors: authenticator app, recovery codes left, passkeys',
          security,
          response: { 200: ZSecurityStatusResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, security: await enrolment.status(currentUser(request)) }),
    );

    app.post(
      TWO_FACTOR_PATHS.totpSetup,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Start setting up an authenticator app: a new secret and its QR code',
          security,
          body: noBody,
          response: { 200: ZTotpSetupResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await enrolment.setupTotp(currentUser(request), deps.config.BRAND_NAME)),
      }),
    );

    app.post(
      TWO_FACTOR_PATHS.totpConfirm,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Confirm the authenticator app with a first code; answers the recovery codes, once',
          security,
          body: ZTotpConfirmRequest,
          response: { 200: ZRecoveryCodesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: 'Two-factor sign-in is on',
        recoveryCodes: await enrolment.confirmTotp(who(request), request.body.code),
      }),
    );

    app.post(
      TWO_FACTOR_PATHS.totpDisable,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Turn the authenticator app off (current password or a code)',
          security,
          body: ZTotpDisableRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await enrolment.disableTotp(who(request), request.body);
        return { status: 'ok' as const, message: 'The authenticator app is off' };
      },
    );

    app.post(
      TWO_FACTOR_PATHS.recoveryCodes,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'New recovery codes (the old ones stop working); current password',
          security,
          body: ZRegenerateRecoveryCodesRequest,
          response: { 200: ZRecoveryCodesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: 'New recovery codes made; the old ones no longer work',
        recoveryCodes: await enrolment.regenerateRecoveryCodes(who(request), request.body.password),
      }),
    );

    app.post(
      TWO_FACTOR_PATHS.passkeyOptions,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Start adding a passkey: the options for navigator.credentials.create()',
          security,
          body: noBody,
          response: { 200: ZPasskeyOptionsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        options: await enrolment.passkeyOptions(currentUser(request)),
      }),
    );

    app.post(
      TWO_FACTOR_PATHS.passkeys,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "Add a passkey: the browser's new credential and its name",
          security,
          body: ZAddPasskeyRequest,
          response: { 200: ZPasskeyResponse },
        },
      },
      async (request) => {
        const { name, attestation } = request.body;
        const added = await enrolment.addPasskey(who(request), name, attestation);
        return { status: 'ok' as const, message: `Passkey "${name}" added`, ...added };
      },
    );

    app.patch(
      TWO_FACTOR_PATHS.passkey,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Rename a passkey',
          security,
          params: ZPasskeyParams,
          body: ZRenamePasskeyRequest,
          response: { 200: ZPasskeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: 'Passkey renamed',
        passkey: await enrolment.renamePasskey(currentUser(request), request.params.id, request.body.name),
        recoveryCodes: [],
      }),
    );

    app.delete(
      TWO_FACTOR_PATHS.passkey,
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Remove a passkey',
          security,
          params: ZPasskeyParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await enrolment.removePasskey(who(request), request.params.id);
        return { status: 'ok' as const, message: 'Passkey removed' };
      },
    );

    app.put(
      TWO_FACTOR_PATHS.accountPolicy,
      {
        preHandler: deps.guards.requireAccess('members', 'write'),
        schema: {
          tags: ['teams'],
          summary: "Require (or stop requiring) a second factor of the account's members",
          security,
          body: ZTwoFactorPolicyRequest,
          response: { 200: ZTwoFactorPolicyResponse },
        },
      },
      async (request) => {
        const { required } = request.body;
        await setMemberTwoFactorPolicy(
          {
            db: deps.database.db,
            clock: deps.clock,
            audit: deps.audit,
            userChanged: (userId) => sessions.accountChanged(userId),
          },
          currentUser(request),
          currentAccount(request).id,
          required,
          request.ip,
        );
        return {
          status: 'ok' as const,
          required,
          message: required
            ? 'Every member now needs two-factor sign-in for this account'
            : 'Members no longer need two-factor sign-in for this account',
        };
      },
    );
  };
