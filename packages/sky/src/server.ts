import { createHttpApp, isPostgresUrl, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { skyErrors } from './errors.ts';
import { canonRoutes } from './http/canon-routes.ts';
import { serviceRoutes } from './http/service-routes.ts';
import { PostgresCanonSource, SqliteCanonSource, type CanonSource } from './store/canon-source.ts';
import { UsageStore } from './store/usage-store.ts';

export const VERSION: string = packageJson.version;

export interface SkyAppOptions {
  readonly databaseUrl: string;
  readonly logger: Logger;
}

/** Builds the sky app over the canon the database setting names (loaded before listening), without listening. */
export async function buildSkyApp(options: SkyAppOptions): Promise<FastifyInstance> {
  const source: CanonSource = isPostgresUrl(options.databaseUrl) ? new PostgresCanonSource(options.databaseUrl, options.logger) : new SqliteCanonSource(options.databaseUrl, options.logger);
  await source.start();
  const usage = await UsageStore.open(options.databaseUrl);
  const app = createHttpApp({ logger: options.logger });
  app.addHook('onClose', async () => {
    await source.close();
    await usage.close();
  });
  const canon = () => {
    const current = source.current();
    if (current === undefined) throw skyErrors.unavailable();
    return current;
  };
  canonRoutes(app, canon);
  serviceRoutes(app, { version: VERSION, reachable: () => source.reachable(), usage });
  return app;
}
