import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';

/** `/health`: 200 `ok` while up, 503 while stopping; never needs the token. */
export function healthRoutes(app: FastifyInstance, isStopping: () => boolean): void {
  methodRoutes(app, '/health', {
    GET: async (_request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return isStopping() ? reply.code(503).send('stopping') : reply.send('ok');
    },
  });
}
