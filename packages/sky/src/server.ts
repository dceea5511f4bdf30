import { createHttpApp, methodRoutes, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';

/** Builds the sky app without listening. */
export async function buildSkyApp(logger: Logger): Promise<FastifyInstance> {
  const app = createHttpApp({ logger });
  methodRoutes(app, '/api/health', { GET: async () => ({ status: 'ok' }) });
  return app;
}
