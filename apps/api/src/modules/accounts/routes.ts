import {
  ACCOUNT_PATHS,
  ZAdminAuthenticateRequest,
  ZChangeNameRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZChangeSecurityQuestionRequest,
  ZLogoutRequest,
  ZOkResponse,
  ZRefreshRequest,
  ZRefreshResponse,
  ZResetPasswordFlowRequest,
  ZResetPasswordFlowResponse,
  ZSettingsResponse,
  ZSigninOutcome,
  ZSigninRequest,
  ZSignupRequest,
  ZSignupResponse,
  ZUserInformationResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import type { AccountService, SigninResult } from './service.js';
import { originOf } from './session-origin.js';
import type { SessionService } from './sessions.js';

const tags = ['accounts'];

/** The spec's sign-in reply, or the second-factor step (two-factor/) for a person with one. */
const signinReply = (result: SigninResult) =>
  'secondFactor' in result
    ? {
        status: 'ok' as const,
        secondFactor: result.secondFactor,
        message: 'Password accepted; confirm it is you with your second factor',
      }
    : {
        status: 'ok' as const,
        access: result.access,
        refresh: result.refresh,
        user_type: result.userType,
        message: 'Signed in successfully',
      };

export const accountRoutes =
  (deps: AppDeps, accounts: AccountService, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    const { guards } = deps;
    // The profile and settings stay reachable for staff and admins who must still set up the second
    // factor the company requires (STAFF_TWO_FACTOR): requireUserForEnrolment.

    app.post(
      ACCOUNT_PATHS.signup,
      {
        schema: {
          tags,
          summary: 'Create a client account',
          body: ZSignupRequest,
          response: { 200: ZSignupResponse },
        },
      },
      async (request) => {
        const { username, data } = request.body;
        const result = await accounts.signup(
          { ...data, username },
          data.rememberMe,
          originOf(request, deps.config.TRUST_PROXY),
        );
        return {
          status: 'ok' as const,
          access: result.access,
          refresh: result.refresh,
          user_type: result.userType,
        };
      },
    );

    app.post(
      ACCOUNT_PATHS.signin,
      {
        schema: {
          tags,
          summary: 'Sign in (clients and staff); with a second factor, answers its step instead of tokens',
          body: ZSigninRequest,
          response: { 200: ZSigninOutcome },
        },
      },
      async (request) => {
        const { email, password, rememberMe } = request.body;
        return signinReply(
          await accounts.signin(email, password, rememberMe, originOf(request, deps.config.TRUST_PROXY)),
        );
      },
    );

    app.post(
      ACCOUNT_PATHS.resetPassword,
      {
        schema: {
          tags,
          summary:
            'Forgot password: step 1 returns the security question, step 2 sets a new password (with a second factor, after its proof)',
          body: ZResetPasswordFlowRequest,
          response: { 200: ZResetPasswordFlowResponse },
        },
      },
      async (request) => {
        const body = request.body;
        if ('emailValidation' in body) {
          const question = await accounts.resetQuestion(body.email, request.ip);
          return { status: 'ok' as const, emailValidation: 'pass' as const, question };
        }
        const secondFactor = 'secondFactor' in body ? body.secondFactor : undefined;
        const step = await accounts.resetPassword(
          body.email,
          body.answer,
          body.password1,
          request.ip,
          secondFactor,
        );
        if (step) {
          return {
            status: 'ok' as const,
            secondFactor: step,
            message: 'Answer accepted; confirm it is you with your second factor to set the new password',
          };
        }
        return { status: 'ok' as const, message: 'Your password has been changed; sign in with the new one' };
      },
    );

    app.post(
      ACCOUNT_PATHS.refresh,
      {
        schema: {
          tags,
          summary: 'Rotate the token pair',
          body: ZRefreshRequest,
          response: { 200: ZRefreshResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, ...(await sessions.rotate(request.body.refresh)) }),
    );

    app.post(
      ACCOUNT_PATHS.logout,
      {
        schema: {
          tags,
          summary: 'Revoke a refresh token',
          body: ZLogoutRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await sessions.revoke(request.body.refresh);
        return { status: 'ok' as const, message: 'Signed out' };
      },
    );

    app.post(
      ACCOUNT_PATHS.adminAuthenticate,
      {
        schema: {
          tags: ['admin'],
          summary: 'Admin sign-in; with a second factor, answers its step instead of tokens',
          body: ZAdminAuthenticateRequest,
          response: { 200: ZSigninOutcome },
        },
      },
      async (request) => {
        const { username, email, password } = request.body;
        return signinReply(
          await accounts.adminSignin(username, email, password, originOf(request, deps.config.TRUST_PROXY)),
        );
      },
    );

    const informationHandler = async (request: Parameters<typeof currentUser>[0]) => ({
      status: 'ok' as const,
      userInformation: await accounts.information(currentUser(request).id, currentUser(request).account),
    });
    const informationSchema = {
      tags,
      summary: 'The signed-in user: account, order and project counters',
      security: [{ accessToken: [] }],
      response: { 200: ZUserInformationResponse },
    };
    app.get(
      ACCOUNT_PATHS.userInformationGet,
      { preHandler: guards.requireUserForEnrolment, schema: informationSchema },
      informationHandler,
    );
    app.post(
      ACCOUNT_PATHS.userInformationPost,
      {
        preHandler: guards.requireUserForEnrolment,
        schema: { ...informationSchema, body: z.object({}).strict().optional() },
      },
      informationHandler,
    );

    app.get(
      ACCOUNT_PATHS.settings,
      {
        preHandler: guards.requireUserForEnrolment,
        schema: { tags, security: [{ accessToken: [] }], response: { 200: ZSettingsResponse } },
      },
      async (request) => {
        const user = await accounts.findById(currentUser(request).id);
        if (!user) throw notFound('Account not found');
        return {
          status: 'ok' as const,
          settings: {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            securityQuestion: user.securityQuestion,
          },
        };
      },
    );

    app.post(
      ACCOUNT_PATHS.settingsName,
      {
        preHandler: guards.requireUserForEnrolment,
        schema: {
          tags,
          security: [{ accessToken: [] }],
          body: ZChangeNameRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await accounts.changeName(currentUser(request).id, request.body.firstName, request.body.lastName);
        return { status: 'ok' as const, message: 'Name updated' };
      },
    );

    app.post(
      ACCOUNT_PATHS.settingsPassword,
      {
        preHandler: guards.requireUserForEnrolment,
        schema: {
          tags,
          security: [{ accessToken: [] }],
          body: ZChangePasswordRequest,
          response: { 200: ZChangePasswordResponse },
        },
      },
      async (request) => {
        const { currentPassword, password1 } = request.body;
        const pair = await accounts.changePassword(
          currentUser(request).id,
          currentPassword,
          password1,
          originOf(request, deps.config.TRUST_PROXY),
        );
        return { status: 'ok' as const, message: 'Password changed; other devices were signed out', ...pair };
      },
    );

    app.post(
      ACCOUNT_PATHS.settingsSecurityQuestion,
      {
        preHandler: guards.requireUserForEnrolment,
        schema: {
          tags,
          security: [{ accessToken: [] }],
          body: ZChangeSecurityQuestionRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const { currentPassword, securityQuestion, securityQuestionAnswer } = request.body;
        await accounts.changeSecurityQuestion(
          currentUser(request).id,
          currentPassword,
          securityQuestion,
          securityQuestionAnswer,
        );
        return { status: 'ok' as const, message: 'Security question updated' };
      },
    );
  };
