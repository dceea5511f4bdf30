import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { MECHANICS, isMechanic } from '../domain/mechanics.ts';
import { skyErrors } from '../errors.ts';
import type { UsageStore } from '../store/usage-store.ts';

/** Health (200 ok / 503 degraded) and the usage counters. */
export function serviceRoutes(app: FastifyInstance, options: { version: string; reachable: () => Promise<boolean>; usage: UsageStore }): void {
  methodRoutes(app, '/api/health', {
    GET: async (_request, reply) => {
      const ok = await options.reachable();
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', version: options.version, database: ok ? 'ok' : 'unreachable' });
    },
  });
  methodRoutes(app, '/api/metrics/:mechanic', {
    POST: async (request, reply) => {
      const { mechanic } = request.params as { mechanic: string };
      if (!isMechanic(mechanic)) throw skyErrors.not_found(`Unknown mechanic; the counters are: ${MECHANICS.join(', ')}.`);
      try {
        await options.usage.increment(mechanic, new Date().toISOString().slice(0, 10));
      } catch (error) {
        request.log.error({ err: error, mechanic }, 'usage counter write failed');
      }
      return reply.code(204).send();
    },
  });
  methodRoutes(app, '/api/metrics', { GET: async () => options.usage.list() });
}
