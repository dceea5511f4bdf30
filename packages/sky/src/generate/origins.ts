/**
 * Where an artist comes from: a person's birthplace (`is_birth` true), a
 * group's place of formation (`is_birth` false, with an inception year for
 * some). Most artists of a community come from its home scene when that is
 * in their country; most of the rest from a place in their own country.
 */
import type { Identity } from './identity.ts';
import type { ArtistKind } from './names.ts';
import { placeIn } from './places.ts';
import type { CanonPlan } from './plan.ts';
import type { Random } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';

const ORIGIN_ODDS: Readonly<Record<ArtistKind, number>> = { person: 0.75, group: 0.75, orchestra: 0.6, choir: 0.6, character: 0, other: 0.3 };

/** The rank of the artist's place of origin, or -1 when it has none. */
export function chooseOrigin(plan: CanonPlan, slot: number, identity: Identity, random: Random): number {
  const odds = ORIGIN_ODDS[identity.kind] * (plan.role[slot] === Role.unplaced ? 0.5 : 1);
  if (!random.chance(odds)) return -1;
  const c = plan.communityOf[slot] as number;
  if (c >= 0) {
    const home = plan.communities.home[c] as number;
    if (plan.places.country[home] === identity.country && random.chance(0.55)) return home;
  }
  if (random.chance(0.05)) return plan.places.popularity.sample(random);
  return placeIn(plan.places, identity.country, random);
}

export function writeOrigin(out: JsonlWriter, plan: CanonPlan, artist: number, place: number, identity: Identity, begin: number | null, random: Random): void {
  const born = identity.kind === 'person' || identity.kind === 'character';
  let row = `{"artist":${artist},"qid":${plan.places.qid[place]},"is_birth":${born}`;
  if (!born && random.chance(0.55)) {
    const roll = random.float();
    const year = begin === null ? random.between(1955, 2022) : roll < 0.7 ? begin : roll < 0.9 ? begin - 1 : begin + 1;
    row += `,"inception_year":${year}`;
  } else if (random.chance(0.7)) {
    row += ',"inception_year":null';
  }
  out.row(row + '}');
}
