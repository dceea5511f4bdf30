import { createHttpApp, sendJsonError, type Logger, type SendError } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { ItemFiles } from './http/item-files.ts';
import { registryRoutes } from './http/registry-routes.ts';

export interface RegistryAppOptions {
  readonly dir: string;
  readonly logger: Logger;
}

/** Builds the read-only registry server over a built tree, without listening. */
export async function buildRegistryApp(options: RegistryAppOptions): Promise<FastifyInstance> {
  // Every answer, refusals included, may be read from any origin.
  const sendError: SendError = (reply, error) => sendJsonError(reply.header('access-control-allow-origin', '*'), error);
  const app = createHttpApp({ logger: options.logger, sendError });
  registryRoutes(app, new ItemFiles(options.dir));
  return app;
}
