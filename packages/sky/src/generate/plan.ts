/**
 * The plan of a canon: how many artists of each role, which slot is in
 * which community, every artist's id and catalogue id. Everything here is
 * kept in typed arrays indexed by slot (an artist's place in the community
 * order), so the artist pass can look up any other artist in O(1) while it
 * streams rows out in id order.
 */
import { buildCommunities, type Communities } from './communities.ts';
import { buildLabels, type LabelTable } from './labels.ts';
import { buildPlaces, type PlaceTable } from './places.ts';
import { Random, Stream, shuffle } from './random.ts';
import { Role } from './role.ts';


export interface CanonPlan {
  readonly seed: number;
  readonly stars: number;
  readonly formerStars: number;
  readonly unplaced: number;
  readonly artists: number;
  /** Role by slot. Stars and former stars are slots [0, stars + formerStars), unplaced artists the rest. */
  readonly role: Uint8Array;
  /** Community by slot, -1 for unplaced artists. */
  readonly communityOf: Int32Array;
  readonly artistId: Int32Array;
  /** Slots in ascending id order: the order rows are written in. */
  readonly order: Int32Array;
  /** Catalogue artist id by slot, 0 for none. */
  readonly catalogueId: Int32Array;
  /** Catalogue artists that are not canon artists, ascending. */
  readonly extraCatalogueIds: Int32Array;
  readonly communities: Communities;
  readonly places: PlaceTable;
  readonly labels: LabelTable;
}

export function planCanon(seed: number, stars: number): CanonPlan {
  const formerStars = Math.max(1, Math.round(stars * 0.03));
  const unplaced = Math.max(1, Math.round(stars * 0.1));
  const placed = stars + formerStars;
  const artists = placed + unplaced;
  const random = new Random(seed, Stream.plan, 0);

  const places = buildPlaces(seed, stars);
  const labels = buildLabels(seed, stars);
  const communities = buildCommunities(seed, placed, places, labels);

  const role = new Uint8Array(artists);
  role.fill(Role.unplaced, placed);
  for (let chosen = 0; chosen < formerStars; ) {
    const slot = random.int(placed);
    if (role[slot] === Role.star) {
      role[slot] = Role.former;
      chosen++;
    }
  }

  const communityOf = new Int32Array(artists).fill(-1);
  for (let c = 0; c < communities.count; c++) {
    const start = communities.start[c] as number;
    communityOf.fill(c, start, start + (communities.size[c] as number));
  }

  // ids ascend with small gaps (deleted and merged artists) in a shuffled slot order
  const order = new Int32Array(artists);
  for (let i = 0; i < artists; i++) order[i] = i;
  shuffle(order, random);
  const artistId = new Int32Array(artists);
  let id = 1 + random.int(40);
  for (let k = 0; k < artists; k++) {
    artistId[order[k] as number] = id;
    id += random.chance(0.3) ? 2 + random.int(4) : 1;
  }

  const { catalogueId, extraCatalogueIds } = assignCatalogueIds(random, stars, role, order);
  return { seed, stars, formerStars, unplaced, artists, role, communityOf, artistId, order, catalogueId, extraCatalogueIds, communities, places, labels };
}

/**
 * Catalogue ids ascend along the id order (both sources grew over the same
 * years); catalogue artists that are not canon artists are interleaved.
 */
function assignCatalogueIds(random: Random, stars: number, role: Uint8Array, order: Int32Array): { catalogueId: Int32Array; extraCatalogueIds: Int32Array } {
  const artists = order.length;
  const has = new Uint8Array(artists);
  let mapped = 0;
  for (let slot = 0; slot < artists; slot++) {
    const p = role[slot] === Role.star ? 0.72 : role[slot] === Role.former ? 0.6 : 0.4;
    if (random.chance(p)) {
      has[slot] = 1;
      mapped++;
    }
  }
  const extras = Math.max(8, Math.round(stars * 0.02));
  const catalogueId = new Int32Array(artists);
  const extraCatalogueIds = new Int32Array(extras);
  let next = 1 + random.int(100);
  let remainingExtras = extras;
  let remaining = mapped + extras;
  let k = 0;
  while (remaining > 0) {
    const id = next;
    next += 1 + (random.chance(0.4) ? random.int(8) : 0);
    if (random.float() * remaining < remainingExtras) {
      extraCatalogueIds[extras - remainingExtras] = id;
      remainingExtras--;
    } else {
      while (has[order[k] as number] === 0) k++;
      catalogueId[order[k] as number] = id;
      k++;
    }
    remaining--;
  }
  return { catalogueId, extraCatalogueIds };
}
