/**
 * Orderings and picks of the card: genres, releases, the main genre and
 * style, and which radio the card offers. Every ordering ends with a name
 * tie-break in plain code-point order, so answers are deterministic.
 */
import type { GenreRow } from './nebula-shares.ts';

/** Contract: a style radio needs at least this many stations. */
export const MIN_STYLE_RADIO = 8;

/**
 * Plain code-point order for text, as the contract defines "ascending" for
 * names and addresses (and as SQLite's BINARY collation orders UTF-8).
 * JavaScript's default string order compares UTF-16 units, which puts
 * characters above U+FFFF before U+E000..U+FFFF; this corrects that.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (U+D800..U+DFFF) stand for code points above U+FFFF: move them above U+E000..U+FFFF.
      x += x <= 0xdfff ? 0x2000 : -0x800;
      y += y <= 0xdfff ? 0x2000 : -0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

export interface ScoredStar {
  readonly id: number;
  readonly name: string;
  readonly score: number;
}

/** Card `similar`, `influenced_by`, `influenced`: score descending, then id ascending; the first `limit`. */
export function bestFirst<T extends ScoredStar>(rows: readonly T[], limit: number): T[] {
  return [...rows].sort((p, q) => q.score - p.score || p.id - q.id).slice(0, limit);
}

/** Card `genres`: releases descending, then genres before styles, then name ascending. */
export function orderGenres<T extends GenreRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (p, q) => q.releases - p.releases || Number(p.is_style) - Number(q.is_style) || compareText(p.name, q.name),
  );
}

export interface LabelRow {
  readonly id: number;
  readonly name: string;
  readonly releases: number;
  readonly first_year: number;
  readonly last_year: number;
}

/** Card `labels`: most releases first, then label id ascending. */
export function orderLabels<T extends LabelRow>(rows: readonly T[]): T[] {
  return [...rows].sort((p, q) => q.releases - p.releases || p.id - q.id);
}

export interface ReleaseRow {
  readonly name: string;
  readonly primary_type: string;
  readonly year: number;
}

/**
 * Card `releases`: albums first (primary type exactly 'Album'), then oldest
 * first, then name ascending; the primary type (code-point order) settles
 * what is left, so equal-looking rows still have one order.
 */
export function orderReleases<T extends ReleaseRow>(rows: readonly T[]): T[] {
  const rank = (row: ReleaseRow) => (row.primary_type === 'Album' ? 0 : 1);
  return [...rows].sort(
    (p, q) =>
      rank(p) - rank(q) || p.year - q.year || compareText(p.name, q.name) || compareText(p.primary_type, q.primary_type),
  );
}

/** The main style (isStyle true) or main genre: most releases, then name ascending; undefined when none. */
export function mainNebula<T extends GenreRow>(rows: readonly T[], isStyle: boolean): T | undefined {
  let best: T | undefined;
  for (const row of rows) {
    if (row.is_style !== isStyle) continue;
    if (best === undefined || row.releases > best.releases || (row.releases === best.releases && compareText(row.name, best.name) < 0)) {
      best = row;
    }
  }
  return best;
}

export interface NebulaSize {
  readonly name: string;
  /** Stations of that nebula's radio. */
  readonly size: number;
}

export interface RadioRef {
  readonly name: string;
  readonly kind: 'genre' | 'style';
}

/**
 * The card's and region's `radio`: the main style's radio when it has at
 * least MIN_STYLE_RADIO stations, else the main genre's when it has at
 * least one, else null.
 */
export function cardRadio(mainStyle: NebulaSize | undefined, mainGenre: NebulaSize | undefined): RadioRef | null {
  if (mainStyle !== undefined && mainStyle.size >= MIN_STYLE_RADIO) return { name: mainStyle.name, kind: 'style' };
  if (mainGenre !== undefined && mainGenre.size >= 1) return { name: mainGenre.name, kind: 'genre' };
  return null;
}
