import type { CanonQueries } from '../store/canon-queries.ts';
import { NameList, type GramIndex } from './gram-index.ts';

export type SearchList = 'stars' | 'labels' | 'scenes';
export type SearchIndexes = Readonly<Record<SearchList, GramIndex>>;

/** Postings are stored as little-endian uint32 arrays; copied when a driver hands back an unaligned view. */
function asOrdinals(bytes: Uint8Array): Uint32Array {
  if (bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return new Uint32Array(bytes.slice().buffer);
}

/** Loads the three search lists (names in rank order and gram postings) computed at import. */
export async function loadSearchIndexes(queries: CanonQueries): Promise<SearchIndexes> {
  const load = async (list: SearchList): Promise<GramIndex> => {
    const names = new NameList(await queries.searchNames(list));
    const postings = new Map<string, Uint32Array>();
    for (const row of await queries.searchGrams(list)) postings.set(row.gram, asOrdinals(row.ordinals));
    return { names, postings };
  };
  return { stars: await load('stars'), labels: await load('labels'), scenes: await load('scenes') };
}
