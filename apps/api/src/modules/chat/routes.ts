import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { createChatServices } from './chat-services.js';
import { customerServiceMediaRoutes, registerCsMediaPolicy } from './cs-media-routes.js';
import { customerServiceRoutes } from './cs-routes.js';
import type { ChatSocketLimits } from './limits.js';
import { PROJECT_CHAT_MEDIA_PURPOSE } from './media-rules.js';
import { ProjectChats } from './project-chat-service.js';
import { projectChatRoutes } from './project-routes.js';
import { ChatHub } from './socket/hub.js';
import { socketRoutes } from './socket/routes.js';

/**
 * The chat feature: customer-service calls and media, project rooms, and the WebSocket, whose abuse
 * limits the composition root passes (tests lower them).
 */
export function chatRoutes(deps: AppDeps, socketLimits: ChatSocketLimits): FastifyPluginAsyncZod {
  const services = createChatServices(deps);
  const hub = new ChatHub(deps, services, socketLimits);
  registerCsMediaPolicy(deps, services);
  // User info tells the staff area whether to show the inbox, instead of it probing for a 403.
  deps.accounts.summaryProviders.customerService = (user) =>
    user.userType === 'c'
      ? Promise.resolve(false)
      : services.cs.canServe({ id: user.id, role: user.userType === 'a' ? 'admin' : 'staff' });
  const projectChats = new ProjectChats(deps.database.db, deps.clock, deps.events, deps.projects);
  deps.fileAccess.register(PROJECT_CHAT_MEDIA_PURPOSE, (file, user) =>
    projectChats.canReadMedia(file.id, user),
  );
  hub.projectHooks = {
    resolve: async (user, order, project) => {
      const room = await projectChats.room(user, order, project);
      return room ? { projectId: room.projectId } : null;
    },
    message: (id) => projectChats.messageView(id),
    markSeen: (projectId, userId) => projectChats.markSeen(projectId, userId),
    touch: (projectId, userId) => projectChats.touch(projectId, userId),
  };
  return async (app) => {
    await app.register(customerServiceRoutes(deps, services));
    await app.register(customerServiceMediaRoutes(deps, services));
    await app.register(projectChatRoutes(deps, projectChats));
    await app.register(socketRoutes(hub));
  };
}
