/**
 * Artist ids as the routes receive them: a path segment (card) or a
 * comma-separated list (multi-lookup). An id is a positive decimal integer
 * written minimally: no sign, no leading zero, no exponent, fraction, space
 * or hex, and at most Number.MAX_SAFE_INTEGER so it round-trips exactly.
 */

/** Spec limit: a multi-lookup asks for at most this many ids (elements given, repeats included). */
export const MAX_LOOKUP_IDS = 50;

const MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A positive id, or undefined when the text is anything else ('0', '01', '-1', '1e3', '0x10', ' 1', ''). */
export function parseId(text: string): number | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_DIGITS) return undefined;
  if (text.charCodeAt(0) === 0x30) return undefined;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return undefined;
  const id = Number(text);
  return id <= Number.MAX_SAFE_INTEGER ? id : undefined;
}

export interface IdList {
  /** Each id once, at the place it was first asked for. */
  readonly ids: number[];
  /** How many elements the request held, repeats included; the route refuses more than MAX_LOOKUP_IDS. */
  readonly given: number;
}

/**
 * A comma-separated id list. Every element must be a valid id: an empty
 * element (`''`, `'1,,2'`, `'1,'`), zero, a negative, a fraction or a
 * non-number refuses the whole list (undefined).
 */
export function parseIdList(text: string): IdList | undefined {
  if (typeof text !== 'string') return undefined;
  const ids: number[] = [];
  const seen = new Set<number>();
  let given = 0;
  let start = 0;
  for (;;) {
    const comma = text.indexOf(',', start);
    const end = comma === -1 ? text.length : comma;
    const id = parseId(text.slice(start, end));
    if (id === undefined) return undefined;
    given++;
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
    if (comma === -1) return { ids, given };
    start = comma + 1;
  }
}
