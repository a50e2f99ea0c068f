import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { createChatServices } from './chat-services.js';
import { customerServiceMediaRoutes, registerCsMediaPolicy } from './cs-media-routes.js';
import { customerServiceRoutes } from './cs-routes.js';
import { ChatHub } from './socket/hub.js';
import { socketRoutes } from './socket/routes.js';

/** The chat feature: customer-service calls, media, the WebSocket and (later) project rooms. */
export function chatRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services = createChatServices(deps);
  const hub = new ChatHub(deps, services);
  registerCsMediaPolicy(deps, services);
  return async (app) => {
    await app.register(customerServiceRoutes(deps, services));
    await app.register(customerServiceMediaRoutes(deps, services));
    await app.register(socketRoutes(hub));
  };
}
