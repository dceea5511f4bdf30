import { createHttpApp, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { ItemFiles } from './http/item-files.ts';
import { registryRoutes } from './http/registry-routes.ts';

export interface RegistryAppOptions {
  readonly dir: string;
  readonly logger: Logger;
}

/** Builds the read-only registry server over a built tree, without listening. */
export async function buildRegistryApp(options: RegistryAppOptions): Promise<FastifyInstance> {
  const app = createHttpApp({ logger: options.logger });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  registryRoutes(app, new ItemFiles(options.dir));
  return app;
}
