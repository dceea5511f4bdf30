import { cardRadio } from '../domain/card-order.ts';
import { mostCommon } from '../domain/region.ts';
import type { Canon } from '../store/canon-source.ts';
import type { Rectangle, RectStar, StarSummary } from '../store/canon-queries.ts';

export const NEARBY_LIMIT = 12;
export const REGION_STARS = 300;
// Above this many stars in the touched cells, walking all stars by rank finds the best ones sooner.
const CELL_SCAN_LIMIT = 50_000;
// A rectangle touches at most one range of cells per grid row; SQL keeps far fewer OR terms than its depth limit.
const MAX_RANGES = 300;

/** Consecutive cells of each grid row a rectangle touches, as [first, last] ranges. */
function cellRanges(cells: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const cell of cells) {
    const last = ranges.at(-1);
    if (last && last[1] === cell - 1) last[1] = cell;
    else ranges.push([cell, cell]);
  }
  return ranges;
}

/** The most prominent stars inside a rectangle (bounds inclusive). */
export async function prominentStars(canon: Canon, rect: Rectangle, limit: number): Promise<RectStar[]> {
  const cells = canon.grid.cellsIn(rect.minX, rect.minY, rect.maxX, rect.maxY);
  let inCells = 0;
  for (const cell of cells) inCells += canon.cells.get(cell) ?? 0;
  const ranges = cellRanges(cells);
  const narrow = inCells <= CELL_SCAN_LIMIT && ranges.length <= MAX_RANGES;
  return canon.queries.starsInRectangle(rect, limit, narrow ? ranges : undefined);
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
