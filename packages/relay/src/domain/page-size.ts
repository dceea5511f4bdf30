import { LIMITS } from './limits.ts';

/**
 * How many of the candidate entries (data sizes in position order) a page
 * takes: at most `limit`, stopping before the entry that would push the
 * page's data over 8 MiB; the first entry is always taken, however large.
 */
export function pageLength(sizes: Iterable<number>, limit: number, maxBytes: number = LIMITS.pageDataBytes): number {
  let count = 0;
  let bytes = 0;
  for (const size of sizes) {
    if (count >= limit) break;
    if (count > 0 && bytes + size > maxBytes) break;
    bytes += size;
    count += 1;
  }
  return count;
}
