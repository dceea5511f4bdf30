import { createHttpApp, sendJsonError, type Logger, type SendError } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { FastPath } from './http/fast-path.ts';
import { ItemFiles } from './http/item-files.ts';
import { registryRoutes } from './http/registry-routes.ts';

export interface RegistryAppOptions {
  readonly dir: string;
  readonly logger: Logger;
  /** Answer plain GETs and HEADs of files in memory before Node's HTTP parser (`http/fast-path.ts`). */
  readonly fastPath: boolean;
}

/** Builds the read-only registry server over a built tree, without listening. */
export async function buildRegistryApp(options: RegistryAppOptions): Promise<FastifyInstance> {
  // Every answer, refusals included, may be read from any origin.
  const sendError: SendError = (reply, error) => sendJsonError(reply.header('access-control-allow-origin', '*'), error);
  const app = createHttpApp({ logger: options.logger, sendError });
  const files = new ItemFiles(options.dir);
  registryRoutes(app, files);
  if (options.fastPath) {
    const fastPath = new FastPath(app.server, files, options.logger);
    app.addHook('preClose', (done) => {
      fastPath.close();
      done();
    });
  }
  return app;
}
