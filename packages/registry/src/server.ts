import { createHttpApp, methodRoutes, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';

/** Builds the registry app without listening. */
export async function buildRegistryApp(logger: Logger): Promise<FastifyInstance> {
  const app = createHttpApp({ logger });
  methodRoutes(app, '/health', { GET: async () => ({ status: 'ok' }) });
  return app;
}
