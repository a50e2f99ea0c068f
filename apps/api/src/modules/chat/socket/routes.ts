import { CHAT_PATHS } from '@app/contract';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { failedBody } from '../../../platform/http/errors.js';
import type { ChatHub } from './hub.js';

/** Frames are small JSON objects; anything bigger is a misbehaving client. */
const MAX_FRAME_BYTES = 16 * 1024;
/** A spent address budget refills within seconds; a connection cap frees when a tab closes. */
const REFUSED_RETRY_SECONDS = '10';

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
        // An address over its connection cap or frame budget gets a 429 instead of an upgrade,
        // answered here (the error envelope without an Error's stack trace: refusals come in floods).
        onRequest: async (request, reply) => {
          const refused = hub.refusal(request.ip);
          if (!refused) return;
          reply
            .code(429)
            .header('Retry-After', REFUSED_RETRY_SECONDS)
            .send(failedBody('rate_limited', refused));
          return reply;
        },
      },
      (socket, request) => hub.accept(socket, request.ip),
    );
  };
