import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Request schemas are enforced as written: unknown fields are refused (not
 * silently removed, Fastify's default), types are never coerced, no
 * defaults are filled in. Compiled once, when a route is registered.
 */
export function useStrictValidation(app: FastifyInstance): void {
  const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false, strict: true });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
}
