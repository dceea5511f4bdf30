import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { DAY_KINDS, MAX_PAUSES, type DayUpload } from '../domain/day.ts';
import type { AgentDirectory } from '../services/accounts.ts';
import { MAX_SAMPLES, type AgentService, type SampleUpload } from '../services/agent-service.ts';
import { requireAgent } from './authenticate.ts';
import { nullable } from './schemas.ts';

const time = { type: 'string', maxLength: 64 } as const;
const nullableTime = { type: ['string', 'null'], maxLength: 64 } as const;

const activityBody = {
  type: 'object',
  properties: {
    samples: {
      type: 'array',
      maxItems: MAX_SAMPLES,
      items: {
        type: 'object',
        properties: { start: time, end: time, idle: { type: 'boolean' } },
        required: ['start', 'end', 'idle'],
        additionalProperties: false,
      },
    },
  },
  required: ['samples'],
  additionalProperties: false,
} as const;

const pause = {
  type: 'object',
  properties: { started_at: time, ended_at: nullableTime },
  required: ['started_at', 'ended_at'],
  additionalProperties: false,
} as const;

const dayBody = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: [...DAY_KINDS] },
    started_at: time,
    ended_at: nullableTime,
    pauses: { type: 'array', maxItems: MAX_PAUSES, items: pause },
  },
  required: ['kind', 'started_at', 'ended_at'],
  additionalProperties: false,
} as const;

const dayAnswer = {
  type: 'object',
  properties: {
    date: { type: 'string' },
    kind: { type: 'string' },
    started_at: { type: 'string' },
    ended_at: nullable('string'),
    pauses: { type: 'array', items: { type: 'object', properties: { started_at: { type: 'string' }, ended_at: nullable('string') }, additionalProperties: false } },
    worked_seconds: nullable('integer'),
  },
  additionalProperties: false,
} as const;

/** What agents send, authenticated by their bearer token (`APP_AGENTS`). */
export function agentRoutes(app: FastifyInstance, agents: AgentDirectory, service: AgentService): void {
  methodRoutes(app, '/api/v1/agent/activity', {
    POST: {
      schema: { body: activityBody, response: { 202: { type: 'object', properties: { accepted: { type: 'integer' } }, additionalProperties: false } } },
      // The token is checked before the body is validated: an unknown caller learns nothing about the format.
      preValidation: async (request) => void requireAgent(agents, request),
      async handler(request, reply) {
        const accountId = requireAgent(agents, request);
        const accepted = await service.reportActivity(accountId, (request.body as { samples: SampleUpload[] }).samples);
        return reply.code(202).send({ accepted });
      },
    },
  });

  methodRoutes(app, '/api/v1/agent/days/:date', {
    PUT: {
      schema: { body: dayBody, response: { 200: dayAnswer } },
      preValidation: async (request) => void requireAgent(agents, request),
      async handler(request) {
        const accountId = requireAgent(agents, request);
        return service.uploadDay(accountId, (request.params as { date: string }).date, request.body as DayUpload);
      },
    },
  });
}
