import { createHttpApp, methodRoutes, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';

/** Builds the relay app without listening. */
export async function buildRelayApp(logger: Logger): Promise<FastifyInstance> {
  const app = createHttpApp({ logger });
  methodRoutes(app, '/health', { GET: async (_req, reply) => reply.type('text/plain').send('ok') });
  return app;
}
