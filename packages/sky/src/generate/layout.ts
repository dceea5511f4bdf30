/**
 * Positions in the two layouts. The newest layout (2) places every star
 * near its community's centre; the older layout (1) places most stars and
 * every former star around the community's older centre, and is never to be
 * served. Weights are heavy-tailed: the community's popularity (Pareto)
 * times a falling share by rank within the community times log-normal
 * noise, so few stars are bright and most are faint.
 */
import { clampToMap } from './communities.ts';
import type { CanonPlan } from './plan.ts';
import type { Random } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';

export const NEWEST_LAYOUT = 2;
export const OLDER_LAYOUT = 1;

/** Coordinates with three decimals, never `-0`. */
export function coordinate(value: number): string {
  return String(Math.round(value * 1000) / 1000 + 0);
}

/** A non-negative number with four decimals. */
export function decimal4(value: number): string {
  return String(Math.round(value * 10000) / 10000 + 0);
}

function positionRow(artist: number, layout: number, x: number, y: number, weight: number): string {
  return `{"artist":${artist},"layout":${layout},"x":${coordinate(x)},"y":${coordinate(y)},"weight":${decimal4(weight)}}`;
}

/** Writes the artist's positions: the newest layout for a star, the older one for most stars and every former star. */
export function writePositions(out: JsonlWriter, plan: CanonPlan, slot: number, artist: number, random: Random): void {
  const role = plan.role[slot];
  if (role === Role.unplaced) return;
  const c = plan.communityOf[slot] as number;
  const communities = plan.communities;
  const rank = slot - (communities.start[c] as number);
  const outlier = random.chance(0.04) ? 4 : 1;
  const spread = (communities.spread[c] as number) * outlier;
  let weight = 10 * (communities.popularity[c] as number) * Math.pow(rank + 1, -0.75) * random.lognormal(0.7);
  if (random.chance(0.002)) weight = 0;
  if (role === Role.star) {
    const x = clampToMap((communities.centreX[c] as number) + random.normal() * spread);
    const y = clampToMap((communities.centreY[c] as number) + random.normal() * spread);
    out.row(positionRow(artist, NEWEST_LAYOUT, x, y, weight));
  }
  if (role === Role.former || random.chance(0.6)) {
    const x = clampToMap((communities.oldX[c] as number) + random.normal() * spread * 1.2);
    const y = clampToMap((communities.oldY[c] as number) + random.normal() * spread * 1.2);
    out.row(positionRow(artist, OLDER_LAYOUT, x, y, weight * random.lognormal(0.3)));
  }
}
