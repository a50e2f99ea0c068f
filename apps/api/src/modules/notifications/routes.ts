import {
  NOTIFICATION_PATHS,
  ZNotificationIdParams,
  ZNotificationPreferencesResponse,
  ZNotificationPreferencesUpdate,
  ZNotificationsPage,
  ZNotificationsQuery,
  ZUnreadCount,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { NotificationCentre } from './centre.js';

const tags = ['notifications'];
const security = [{ accessToken: [] }];

/**
 * The bell and its settings (decision 034): every signed-in person, their own notifications only
 * (each statement names the caller; another's id is 404).
 */
export const notificationRoutes =
  (deps: AppDeps, centre: NotificationCentre): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = deps.guards.requireUser;

    app.get(
      NOTIFICATION_PATHS.list,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Your notifications, newest first, in keyset pages, with the unread count',
          security,
          querystring: ZNotificationsQuery,
          response: { 200: ZNotificationsPage },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await centre.inbox.page(currentUser(request).id, request.query)),
      }),
    );

    app.get(
      NOTIFICATION_PATHS.unread,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'How many of your notifications are unread',
          security,
          response: { 200: ZUnreadCount },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        unread: await centre.inbox.unread(currentUser(request).id),
      }),
    );

    app.post(
      NOTIFICATION_PATHS.read,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Mark one of your notifications read; answers the unread count',
          security,
          params: ZNotificationIdParams,
          response: { 200: ZUnreadCount },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        unread: await centre.inbox.markRead(currentUser(request).id, request.params.id),
      }),
    );

    app.post(
      NOTIFICATION_PATHS.readAll,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Mark all your notifications read',
          security,
          response: { 200: ZUnreadCount },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        unread: await centre.inbox.markAllRead(currentUser(request).id),
      }),
    );

    app.get(
      NOTIFICATION_PATHS.preferences,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Your mail choice per kind of notification (instant, daily digest, off)',
          security,
          response: { 200: ZNotificationPreferencesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        preferences: await centre.preferences.read(currentUser(request)),
      }),
    );

    app.put(
      NOTIFICATION_PATHS.preferences,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Change your mail choice for some kinds; the in-app notification is always kept',
          security,
          body: ZNotificationPreferencesUpdate,
          response: { 200: ZNotificationPreferencesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        preferences: await centre.preferences.update(currentUser(request), request.body.preferences),
      }),
    );
  };
