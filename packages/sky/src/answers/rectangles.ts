import { cardRadio } from '../domain/card-order.ts';
import { mostCommon } from '../domain/region.ts';
import type { Canon } from '../store/canon-source.ts';
import type { Rectangle, RectStar, StarSummary } from '../store/canon-queries.ts';

export const NEARBY_LIMIT = 12;
export const REGION_STARS = 300;
// A rectangle touches at most one range of cells per grid row; SQL keeps far fewer OR terms than its depth limit.
const MAX_RANGES = 300;

/** Rows whose ranges meet (a full row followed by the next) become one range, so a wide rectangle needs few OR terms. */
function mergeRanges(rows: readonly [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [first, last] of rows) {
    const previous = merged.at(-1);
    if (previous && previous[1] === first - 1) previous[1] = last;
    else merged.push([first, last]);
  }
  return merged;
}

/**
 * The most prominent stars inside a rectangle (bounds inclusive). Two plans:
 * read every star of the touched grid cells and keep the best, or walk all
 * stars by rank until enough fall inside. The first costs about the stars in
 * the cells; the second about limit × all stars / stars in the cells. The
 * cheaper one is taken.
 */
export async function prominentStars(canon: Canon, rect: Rectangle, limit: number): Promise<RectStar[]> {
  const { size } = canon.grid;
  const rows = canon.grid.rangesIn(rect.minX, rect.minY, rect.maxX, rect.maxY);
  let inCells = 0;
  for (const [first, last] of rows) {
    const base = Math.floor(first / size) * (size + 1);
    inCells += canon.cellPrefix[base + (last % size) + 1]! - canon.cellPrefix[base + (first % size)]!;
  }
  if (inCells === 0) return [];
  const ranges = mergeRanges(rows);
  const byCells = inCells <= (limit * canon.starCount) / inCells && ranges.length <= MAX_RANGES;
  return canon.queries.starsInRectangle(rect, limit, byCells ? ranges : undefined);
}

/** Nearby rule 2: named stars in the rectangle, most prominent first, at most 12. */
export async function nearby(canon: Canon, rect: Rectangle): Promise<StarSummary[]> {
  return (await prominentStars(canon, rect, NEARBY_LIMIT)).map(({ id, name, comment, x, y }) => ({ id, name, comment, x, y }));
}

/** Region rule 3: the most common main style and genre among the 300 most prominent stars, and their radio. */
export async function region(canon: Canon, rect: Rectangle) {
  const stars = await prominentStars(canon, rect, REGION_STARS);
  const style = mostCommon(stars.map((s) => s.main_style));
  const genre = mostCommon(stars.map((s) => s.main_genre));
  const wanted = [...(style ? [{ kind: 'style' as const, name: style }] : []), ...(genre ? [{ kind: 'genre' as const, name: genre }] : [])];
  const sizes = await canon.queries.radioSizes(wanted);
  const radio = cardRadio(style ? { name: style, size: sizes.get(`style:${style}`) ?? 0 } : undefined, genre ? { name: genre, size: sizes.get(`genre:${genre}`) ?? 0 } : undefined);
  return { style, genre, radio };
}

/** Multi-lookup rule 4: the stars asked for, in the order asked, unknown ids and non-stars left out. */
export async function lookup(canon: Canon, ids: readonly number[]): Promise<StarSummary[]> {
  const rows = await canon.queries.starsById(ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((s): s is StarSummary => s !== undefined).map(({ id, name, comment, x, y }) => ({ id, name, comment, x, y }));
}
