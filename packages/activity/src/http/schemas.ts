/** JSON schemas shared by the routes (requests strict, answers listing exactly what is sent). */

export const nullable = (type: string) => ({ type: [type, 'null'] });
const timestamp = { type: 'string' };

export const statusOk = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
} as const;

export const person = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, department: nullable('string') },
  additionalProperties: false,
} as const;

export const alert = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    rule: { type: 'string' },
    state: { type: 'string' },
    person,
    observed_seconds: { type: 'integer' },
    against_seconds: { type: 'integer' },
    subject_date: nullable('string'),
    fired_at: timestamp,
    acknowledged_at: nullable('string'),
    acknowledged_by: nullable('string'),
    resolved_at: nullable('string'),
  },
  additionalProperties: false,
} as const;
