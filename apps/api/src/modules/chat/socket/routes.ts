import { CHAT_PATHS } from '@app/contract';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../platform/http/errors.js';
import type { ChatHub } from './hub.js';

/** Frames are small JSON objects; anything bigger is a misbehaving client. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * GET /api/v1/chat/socket upgrades to a WebSocket. Protocol (ZSocketClientMessage /
 * ZSocketServerMessage): send {type:'auth'} first, then {type:'join', target}, then typing/read/ping.
 */
export const socketRoutes =
  (hub: ChatHub): FastifyPluginAsync =>
  async (app) => {
    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
    app.addHook('onClose', async () => hub.close());
    app.get(
      CHAT_PATHS.socket,
      {
        websocket: true,
        schema: { tags: ['chat'], summary: 'Real-time chat socket (see docs/api.md)' },
        // An address over its connection cap or frame budget gets a 429 instead of an upgrade.
        onRequest: async (request) => {
          const refused = hub.refusal(request.ip);
          if (refused) throw new AppError(429, refused);
        },
      },
      (socket, request) => hub.accept(socket, request.ip),
    );
  };
