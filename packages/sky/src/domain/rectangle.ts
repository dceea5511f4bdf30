/**
 * The rectangle of the nearby and region routes: `min_x`, `min_y`, `max_x`,
 * `max_y`, all required. Bounds are inclusive; bounds given in reversed
 * order are swapped, never answered empty.
 */
export interface Rectangle {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * A decimal number as JavaScript writes one, without hex, binary, octal,
 * separators, `Infinity` or `NaN`: optional sign, digits with an optional
 * fraction (`1`, `1.`, `1.5`, `.5`), optional exponent. The grammar is
 * unambiguous, so matching is linear.
 */
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/**
 * One bound: a query string (the normal case) or, should a schema have
 * coerced it already, a finite number. Anything else (missing, empty,
 * repeated parameter, non-decimal, overflowing to Infinity) is undefined.
 */
export function parseBound(value: unknown): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && DECIMAL.test(value)) number = Number(value);
  else return undefined;
  if (!Number.isFinite(number)) return undefined;
  return number === 0 ? 0 : number; // -0 becomes 0
}

export function parseRectangle(query: Record<string, unknown>): Rectangle | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const own = (key: string): unknown => (Object.hasOwn(query, key) ? query[key] : undefined);
  const x0 = parseBound(own('min_x'));
  const y0 = parseBound(own('min_y'));
  const x1 = parseBound(own('max_x'));
  const y1 = parseBound(own('max_y'));
  if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined) return undefined;
  return { minX: Math.min(x0, x1), minY: Math.min(y0, y1), maxX: Math.max(x0, x1), maxY: Math.max(y0, y1) };
}
