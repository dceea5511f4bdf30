import { methodRoutes } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../domain/time.ts';
import type { ActivityStore } from '../store/store.ts';
import { requireCaller, type SessionGate } from './authenticate.ts';

export const AUDIT_ENTRIES = 100;

const entry = {
  type: 'object',
  properties: { at: { type: 'string' }, actor: { type: 'string' }, action: { type: 'string' }, subject: { type: 'string' } },
  additionalProperties: false,
} as const;

/** `GET /api/v1/audit` (administrators): the last 100 entries, newest first. */
export function auditRoutes(app: FastifyInstance, gate: SessionGate, store: ActivityStore): void {
  methodRoutes(app, '/api/v1/audit', {
    GET: {
      schema: { response: { 200: { type: 'object', properties: { entries: { type: 'array', items: entry } }, additionalProperties: false } } },
      async handler(request, reply) {
        await requireCaller(gate, request, reply, ['admin']);
        const entries = await store.auditEntries(AUDIT_ENTRIES);
        return { entries: entries.map((e) => ({ ...e, at: formatTimestamp(e.at) })) };
      },
    },
  });
}
