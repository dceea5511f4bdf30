import type { FastifyInstance, HTTPMethods, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { httpErrors } from '../service-error.ts';

type Handler = RouteHandlerMethod | (RouteShorthandOptions & { handler: RouteHandlerMethod });
export type MethodHandlers = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>;

const ALL_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Registers the handlers of one path and answers every other method with
 * 405 and an `Allow` header, so a known path never looks unknown.
 */
export function methodRoutes(app: FastifyInstance, url: string, handlers: MethodHandlers): void {
  const allowed = new Set<HTTPMethods>();
  for (const [method, handler] of Object.entries(handlers) as [keyof MethodHandlers, Handler][]) {
    const options = typeof handler === 'function' ? { handler } : handler;
    app.route({ ...options, method, url });
    allowed.add(method);
    if (method === 'GET') allowed.add('HEAD');
  }
  const others = ALL_METHODS.filter((m) => !allowed.has(m));
  const allow = [...allowed].join(', ');
  app.route({
    method: others,
    url,
    handler: async () => {
      throw httpErrors.method_not_allowed(undefined, { headers: { allow } });
    },
  });
}
