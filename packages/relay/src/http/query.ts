import { relayErrors } from '../errors.ts';

/**
 * Reads the raw query string strictly (rule 7): only the names a route
 * knows, each at most `max` times; anything else is `bad_request`.
 */
export function strictQuery(url: string, allowed: Readonly<Record<string, { max: number }>>): Map<string, string[]> {
  const at = url.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  const found = new Map<string, string[]>();
  for (const [name, value] of params) {
    const rule = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (rule === undefined) throw relayErrors.bad_request(`Unknown query parameter "${name.slice(0, 64)}".`);
    const values = found.get(name) ?? [];
    values.push(value);
    if (values.length > rule.max) throw relayErrors.bad_request(`Query parameter "${name}" may appear at most ${rule.max} time(s).`);
    found.set(name, values);
  }
  return found;
}

/** A decimal integer without sign, leading zeros or exponent, within [min, max]. */
export function boundedInteger(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^(0|[1-9][0-9]{0,5})$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw relayErrors.bad_request(`Query parameter "${name}" must be an integer from ${min} to ${max}.`);
  }
  return Number(raw);
}
