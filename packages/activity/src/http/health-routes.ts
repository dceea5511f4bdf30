import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';

/** `GET /health`: 200 `{"status":"ok"}` while the process serves. */
export function healthRoutes(app: FastifyInstance): void {
  methodRoutes(app, '/health', { GET: async () => ({ status: 'ok' }) });
}
