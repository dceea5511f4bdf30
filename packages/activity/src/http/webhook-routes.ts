import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import type { WebhookService } from '../services/webhook-service.ts';
import { refuseBody, requireCaller, type SessionGate } from './authenticate.ts';
import { nullable } from './schemas.ts';

const destination = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    kind: { type: 'string' },
    target: { type: 'string' },
    events: { type: 'array', items: { type: 'string' } },
    department: nullable('string'),
    department_exists: nullable('boolean'),
    pending: { type: 'integer' },
    delivered: { type: 'integer' },
    abandoned: { type: 'integer' },
    last_delivered_at: nullable('string'),
    last_error: nullable('string'),
    last_error_at: nullable('string'),
  },
  additionalProperties: false,
} as const;

const delivery = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    event_id: { type: 'string' },
    destination: { type: 'string' },
    event: { type: 'string' },
    person: nullable('string'),
    created_at: { type: 'string' },
    attempts: { type: 'integer' },
    next_attempt_at: { type: 'string' },
    delivered_at: nullable('string'),
    abandoned_at: nullable('string'),
    last_status: nullable('integer'),
    last_error: nullable('string'),
  },
  additionalProperties: false,
} as const;

const listing = {
  type: 'object',
  properties: { links: { type: 'boolean' }, destinations: { type: 'array', items: destination }, recent: { type: 'array', items: delivery } },
  additionalProperties: false,
} as const;

/** The administrator's webhook listing and test route. */
export function webhookRoutes(app: FastifyInstance, gate: SessionGate, webhooks: WebhookService): void {
  methodRoutes(app, '/api/v1/webhooks', {
    GET: {
      schema: { response: { 200: listing } },
      async handler(request, reply) {
        await requireCaller(gate, request, reply, ['admin']);
        return webhooks.listing();
      },
    },
  });

  methodRoutes(app, '/api/v1/webhooks/:name/test', {
    POST: {
      schema: { response: { 202: { type: 'object', properties: { event_id: { type: 'string' } }, additionalProperties: false } } },
      async handler(request, reply) {
        const caller = await requireCaller(gate, request, reply, ['admin']);
        refuseBody(request);
        const eventId = await webhooks.test(caller, (request.params as { name: string }).name);
        return reply.code(202).send({ event_id: eventId });
      },
    },
  });
}
