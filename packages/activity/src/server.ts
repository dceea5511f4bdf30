import { createHttpApp, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { agentRoutes } from './http/agent-routes.ts';
import { alertRoutes } from './http/alert-routes.ts';
import { auditRoutes } from './http/audit-routes.ts';
import { authRoutes } from './http/auth-routes.ts';
import { sendActivityError } from './http/error-reply.ts';
import { healthRoutes } from './http/health-routes.ts';
import { useStrictValidation } from './http/strict-validation.ts';
import { webhookRoutes } from './http/webhook-routes.ts';
import type { ActivityServices } from './services/activity-services.ts';

export interface ActivityAppOptions {
  readonly services: ActivityServices;
  readonly logger: Logger;
  /** Start the delivery worker and the sweeps when the app is ready (default true). */
  readonly background?: boolean;
}

/** Largest request body: a day with 500 pauses or 1000 activity samples fits well under it. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the activity app without listening. Closing it stops the sweeps
 * and the delivery worker (attempts in flight finish), then the store.
 */
export async function buildActivityApp(options: ActivityAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config, store } = services.context;
  const app = createHttpApp({ logger: options.logger, bodyLimit: BODY_LIMIT, sendError: sendActivityError });
  useStrictValidation(app);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  if (options.background ?? true) app.addHook('onReady', async () => services.start());
  app.addHook('preClose', () => services.stop());
  app.addHook('onClose', () => store.close());

  const gate = { auth: services.auth, secureCookies: config.secureCookies };
  healthRoutes(app);
  authRoutes(app, gate);
  agentRoutes(app, services.agents, services.agentData);
  alertRoutes(app, gate, services.alerts);
  auditRoutes(app, gate, store);
  webhookRoutes(app, gate, services.webhooks);
  return app;
}
