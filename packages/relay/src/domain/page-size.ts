import { LIMITS } from './limits.ts';

/**
 * The entries a page takes from the candidates (in position order): at most
 * `limit`, stopping before the entry that would push the page's data over
 * 8 MiB; the first entry is always taken, however large. Stops reading the
 * candidates as soon as the page is full.
 */
export function takePage<T>(candidates: Iterable<T>, sizeOf: (candidate: T) => number, limit: number, maxBytes: number = LIMITS.pageDataBytes): T[] {
  const page: T[] = [];
  let bytes = 0;
  for (const candidate of candidates) {
    if (page.length >= limit) break;
    const size = sizeOf(candidate);
    if (page.length > 0 && bytes + size > maxBytes) break;
    bytes += size;
    page.push(candidate);
  }
  return page;
}

/** How many entries of the given data sizes a page takes (see takePage). */
export function pageLength(sizes: Iterable<number>, limit: number, maxBytes: number = LIMITS.pageDataBytes): number {
  return takePage(sizes, (size) => size, limit, maxBytes).length;
}
