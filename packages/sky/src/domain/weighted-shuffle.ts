/**
 * Weighted random order without replacement (the radio's shuffle): each
 * next pick is one of the items left, with probability proportional to its
 * odds among them.
 *
 * Efraimidis and Spirakis (2006): give each item the key u^(1/odds) for a
 * uniform u and sort by key descending; the order has exactly that
 * distribution. Keys are compared as ln(u)/odds (the same order, without
 * underflow for small odds). One draw per item, in item order, so a seeded
 * generator gives a repeatable order. Equal keys keep the items' given
 * order.
 */

/** Contract: a station's odds follow its brightness, floored so faint stars still play. */
export const STATION_ODDS_FLOOR = 0.05;

/** `max(brightness, 0.05)`; a non-finite brightness (NaN, ±Infinity) gets the floor. */
export function stationOdds(brightness: number): number {
  return Number.isFinite(brightness) && brightness > STATION_ODDS_FLOOR ? brightness : STATION_ODDS_FLOOR;
}

export interface WeightedItem<T> {
  readonly item: T;
  readonly odds: number;
}

/**
 * The first `limit` items of a weighted random order. Items whose odds are
 * not a positive finite number are never picked (they have no chance).
 * A limit that is not a positive number gives []; Infinity gives every
 * pickable item.
 */
export function weightedOrder<T>(items: readonly WeightedItem<T>[], random: () => number, limit: number): T[] {
  const keys: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const odds = items[i]!.odds;
    const u = random();
    if (!(odds > 0) || !Number.isFinite(odds)) continue;
    const key = Math.log(u) / odds; // u = 0 gives -Infinity: last among the pickable
    keys.push(Number.isNaN(key) ? -Infinity : key);
    indices.push(i);
  }
  const wanted = Number.isNaN(limit) || limit <= 0 ? 0 : Math.min(Math.floor(limit), indices.length);
  if (wanted === 0) return [];
  // Positions into keys/indices, best first: key descending, then given order.
  const before = (p: number, q: number): boolean => keys[p]! > keys[q]! || (keys[p] === keys[q] && p < q);
  let best: number[];
  if (wanted * 4 >= indices.length) {
    best = indices.map((_, p) => p).sort((p, q) => (before(p, q) ? -1 : before(q, p) ? 1 : 0));
  } else {
    // Keep only the best `wanted` positions, in order (binary insertion).
    best = [];
    for (let p = 0; p < indices.length; p++) {
      if (best.length === wanted && !before(p, best[wanted - 1]!)) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(best[middle]!, p)) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, p);
      if (best.length > wanted) best.pop();
    }
  }
  return best.slice(0, wanted).map((p) => items[indices[p]!]!.item);
}
