import { characterLength, fold } from '../domain/fold.ts';
import { searchGrams } from '../search/gram-index.ts';
import type { SearchList } from '../search/search-indexes.ts';
import type { Canon } from '../store/canon-source.ts';
import type { StarSummary } from '../store/canon-queries.ts';

export const SEARCH_LIMITS = { stars: 20, labels: 10, scenes: 10 } as const;

export interface SearchAnswer {
  readonly stars: StarSummary[];
  readonly labels: { id: number; name: string; artists: number }[];
  readonly scenes: { qid: number; name: string; artists: number }[];
}

/** Exact matches first (best ranked first), then substring matches by rank. */
async function ordinals(canon: Canon, list: SearchList, term: string): Promise<number[]> {
  const limit = SEARCH_LIMITS[list];
  const exact = await canon.queries.exactOrdinals(list, term, limit);
  const seen = new Set(exact);
  const rest = searchGrams(canon.search[list], term, limit + exact.length).filter((o) => !seen.has(o));
  return [...exact, ...rest].slice(0, limit);
}

function inOrder<T>(order: readonly number[], rows: readonly T[], ordinalOf: (row: T) => number): T[] {
  const byOrdinal = new Map(rows.map((r) => [ordinalOf(r), r]));
  return order.map((o) => byOrdinal.get(o)).filter((r): r is T => r !== undefined);
}

/** Search rule 1: substring matching on folded names, not paginated. */
export async function search(canon: Canon, rawTerm: string): Promise<SearchAnswer> {
  const trimmed = rawTerm.trim();
  if (characterLength(trimmed) < 2) return { stars: [], labels: [], scenes: [] };
  const term = fold(trimmed);
  const [starOrder, labelOrder, sceneOrder] = await Promise.all([ordinals(canon, 'stars', term), ordinals(canon, 'labels', term), ordinals(canon, 'scenes', term)]);
  const [stars, labels, scenes] = await Promise.all([
    canon.queries.starsByOrdinals(starOrder),
    canon.queries.labelsBySearchRank(labelOrder),
    canon.queries.scenesBySearchRank(sceneOrder),
  ]);
  return {
    stars: inOrder(starOrder, stars as (StarSummary & { rank: number })[], (s) => s.rank - 1).map(({ id, name, comment, x, y }) => ({ id, name, comment, x, y })),
    labels: inOrder(labelOrder, labels, (l) => l.search_rank).map(({ id, name, artists }) => ({ id, name, artists })),
    scenes: inOrder(sceneOrder, scenes, (s) => s.search_rank).map(({ qid, name, artists }) => ({ qid, name, artists })),
  };
}
