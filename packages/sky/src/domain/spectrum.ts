/**
 * The comparison's spectrum: for every nebula either star carries, its
 * share of each star's own discography within the kind (0 for a star that
 * does not carry it). Genre bands first, then style bands; within each, by
 * the larger of the two shares descending, then name; at most 6 genre and
 * 8 style bands, those that matter most to either star.
 */
import { compareText } from './card-order.ts';
import { nebulaShares, shareOf } from './nebula-shares.ts';
import type { GenreRow, KindShares } from './nebula-shares.ts';

export const GENRE_BANDS = 6;
export const STYLE_BANDS = 8;

export interface Band {
  name: string;
  is_style: boolean;
  a: number;
  b: number;
}

function bands(a: KindShares, b: KindShares, isStyle: boolean, limit: number): Band[] {
  const names = new Set([...a.releases.keys(), ...b.releases.keys()]);
  const list: Band[] = [...names].map((name) => ({ name, is_style: isStyle, a: shareOf(a, name), b: shareOf(b, name) }));
  list.sort((p, q) => Math.max(q.a, q.b) - Math.max(p.a, p.b) || compareText(p.name, q.name));
  return list.slice(0, limit);
}

export function spectrum(a: readonly GenreRow[], b: readonly GenreRow[]): Band[] {
  const sharesA = nebulaShares(a);
  const sharesB = nebulaShares(b);
  return [
    ...bands(sharesA.genres, sharesB.genres, false, GENRE_BANDS),
    ...bands(sharesA.styles, sharesB.styles, true, STYLE_BANDS),
  ];
}
