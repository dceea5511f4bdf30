/**
 * Folding for search and exact matches: NFKD, combining marks removed,
 * lower case. "Björk", "BJORK" and "bjork" fold alike.
 */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Length in characters (code points), as the search rule counts a term. */
export function characterLength(text: string): number {
  return [...text].length;
}

/** A name without the trailing ` (N)` added upstream to tell namesakes apart. */
export function withoutNamesakeNumber(name: string): string {
  return name.replace(/ \([0-9]+\)$/, '');
}
