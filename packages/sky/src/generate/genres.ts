/**
 * An artist's genre and style rows: drawn from its community's profile, so
 * neighbours share nebulae, with a small share of outliers. One to six rows
 * (a few artists have none), release counts heavy-tailed.
 */
import { STYLE_SLOTS, genrePopularity, styleOf } from './communities.ts';
import { NEBULAE } from './nebulae.ts';
import type { CanonPlan } from './plan.ts';
import type { Random } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';

const MAX_ROWS = 6;
const STYLES_PER_ARTIST = [0.25, 0.35, 0.25, 0.15];

/** Writes the artist's genre rows; answers its main genre's index, or -1 when it has none. */
export function writeGenres(out: JsonlWriter, plan: CanonPlan, slot: number, artist: number, random: Random): number {
  const communities = plan.communities;
  const placed = plan.role[slot] !== Role.unplaced;
  if (random.chance(placed ? 0.05 : 0.3)) return -1;
  // unplaced artists borrow the profile of some community
  const c = placed ? (plan.communityOf[slot] as number) : random.int(communities.count);
  const second = communities.second[c] as number;
  // nebulae as index (genres) or -1 - index (styles)
  const chosen: number[] = [];
  const add = (index: number, style: boolean): void => {
    const key = style ? -1 - index : index;
    if (index >= 0 && chosen.length < MAX_ROWS && !chosen.includes(key)) chosen.push(key);
  };
  const main = random.chance(0.93) ? (communities.genre[c] as number) : second >= 0 ? second : genrePopularity.sample(random);
  add(main, false);
  if (second >= 0 && random.chance(0.35)) add(second, false);
  const styles = random.weighted(STYLES_PER_ARTIST);
  for (let k = 0; k < styles; k++) {
    let style = random.chance(0.95) ? (communities.styles[c * STYLE_SLOTS + random.int(STYLE_SLOTS)] as number) : styleOf(genrePopularity.sample(random), random);
    if (style < 0) style = styleOf(main, random);
    add(style, true);
  }
  if (random.chance(0.04)) add(genrePopularity.sample(random), false);

  for (let i = 0; i < chosen.length; i++) {
    const key = chosen[i] as number;
    const style = key < 0;
    const name = style ? NEBULAE.styles[-1 - key] : NEBULAE.genres[key];
    const releases = i === 0 ? Math.min(5000, Math.floor(1.5 * random.pareto(1.1))) : Math.min(3000, Math.floor(random.pareto(1.4)));
    const row = `{"artist":${artist},"name":${JSON.stringify(name)},"is_style":${style},"releases":${releases}}`;
    out.row(row);
    if (random.chance(0.002)) out.row(row);
  }
  return main;
}
