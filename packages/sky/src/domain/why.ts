/**
 * The why object of `similar` and of the comparison: which nebulae the two
 * artists share, whether they are listened to together, and who shaped
 * whom. "This artist" is the card's artist (or the comparison's `a`), "the
 * neighbour" the other.
 */
import { compareText } from './card-order.ts';
import { isAtLeastATenth, nebulaShares, shareOf } from './nebula-shares.ts';
import type { GenreRow, KindShares } from './nebula-shares.ts';

/** Spec limit on `why.genres`. */
export const WHY_GENRES = 3;

export type Influence = 'shaped_by' | 'went_on_to_shape' | 'mutual';

export interface InfluenceLinks {
  /** The neighbour shaped this artist. */
  readonly neighbourShapedThis: boolean;
  /** This artist shaped the neighbour. */
  readonly thisShapedNeighbour: boolean;
}

export interface Why {
  genres: string[];
  co_listening: number | null;
  influence: Influence | null;
}

/**
 * Names both carry in a kind with at least a tenth of each one's releases
 * of that kind, by the smaller of the two shares descending, then name.
 */
function sharedOfKind(mine: KindShares, theirs: KindShares): string[] {
  const shared: { name: string; share: number }[] = [];
  for (const name of mine.releases.keys()) {
    if (!isAtLeastATenth(mine, name) || !isAtLeastATenth(theirs, name)) continue;
    shared.push({ name, share: Math.min(shareOf(mine, name), shareOf(theirs, name)) });
  }
  shared.sort((p, q) => q.share - p.share || compareText(p.name, q.name));
  return shared.map((entry) => entry.name);
}

/**
 * `genres`: qualifying styles first, then qualifying genres, first three.
 * The answer is names only, so a genre whose name is already listed as a
 * style is not listed a second time.
 */
export function sharedGenres(thisArtist: readonly GenreRow[], neighbour: readonly GenreRow[]): string[] {
  const mine = nebulaShares(thisArtist);
  const theirs = nebulaShares(neighbour);
  const names: string[] = [];
  for (const name of [...sharedOfKind(mine.styles, theirs.styles), ...sharedOfKind(mine.genres, theirs.genres)]) {
    if (names.length === WHY_GENRES) break;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function influenceOf(influence: InfluenceLinks): Influence | null {
  if (influence.neighbourShapedThis && influence.thisShapedNeighbour) return 'mutual';
  if (influence.neighbourShapedThis) return 'shaped_by';
  if (influence.thisShapedNeighbour) return 'went_on_to_shape';
  return null;
}

/** `coListening` is the newest-metric edge's score, or null when there is none (a non-finite score is null too). */
export function why(
  thisArtist: readonly GenreRow[],
  neighbour: readonly GenreRow[],
  coListening: number | null,
  influence: InfluenceLinks,
): Why {
  return {
    genres: sharedGenres(thisArtist, neighbour),
    co_listening: typeof coListening === 'number' && Number.isFinite(coListening) ? coListening : null,
    influence: influenceOf(influence),
  };
}
