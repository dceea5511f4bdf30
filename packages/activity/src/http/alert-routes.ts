import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { ALERT_ROLES } from '../domain/account.ts';
import type { AlertService } from '../services/alert-service.ts';
import { refuseBody, requireCaller, type SessionGate } from './authenticate.ts';
import { alert } from './schemas.ts';

/** Open alerts and their acknowledgement, for managers and administrators. */
export function alertRoutes(app: FastifyInstance, gate: SessionGate, alerts: AlertService): void {
  methodRoutes(app, '/api/v1/alerts', {
    GET: {
      schema: { response: { 200: { type: 'object', properties: { alerts: { type: 'array', items: alert } }, additionalProperties: false } } },
      async handler(request, reply) {
        await requireCaller(gate, request, reply, ALERT_ROLES);
        return { alerts: await alerts.openAlerts() };
      },
    },
  });

  methodRoutes(app, '/api/v1/alerts/:id/acknowledge', {
    POST: {
      schema: { response: { 200: alert } },
      async handler(request, reply) {
        const caller = await requireCaller(gate, request, reply, ALERT_ROLES);
        refuseBody(request);
        return alerts.acknowledge(caller, (request.params as { id: string }).id);
      },
    },
  });
}
