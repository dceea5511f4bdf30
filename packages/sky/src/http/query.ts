import { skyErrors } from '../errors.ts';

/** One value of a query parameter: absent → undefined; given twice → 400 (unknown parameters are ignored). */
export function single(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw skyErrors.bad_request(`Query parameter "${name}" must be given once.`);
  return value;
}

export function required(query: unknown, name: string): string {
  const value = single(query, name);
  if (value === undefined || value === '') throw skyErrors.bad_request(`Query parameter "${name}" is required.`);
  return value;
}
