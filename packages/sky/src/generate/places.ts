/**
 * Places of the knowledge base: a qid (the numeric id without its leading
 * letter), an English name and a country. Popularity is Zipf-like, so a few
 * cities are the scenes of many artists and most places of very few.
 */
import { COUNTRIES } from './countries.ts';
import { placeName } from './names.ts';
import { Random, Stream, shuffle } from './random.ts';
import type { JsonlWriter } from './writer.ts';
import { Zipf } from './zipf.ts';

export interface PlaceTable {
  readonly count: number;
  /** By popularity rank. */
  readonly qid: Int32Array;
  readonly country: Uint8Array;
  readonly name: readonly string[];
  /** Draws a popularity rank over all places. */
  readonly popularity: Zipf;
  /** For each country, its places' ranks, most popular first, and a Zipf table over them (null when it has none). */
  readonly ofCountry: readonly (Int32Array | null)[];
  readonly ofCountryPopularity: readonly (Zipf | null)[];
}

export const countryPopularity = new Zipf(COUNTRIES.length, 1.0);

export function placeCount(stars: number): number {
  return Math.max(30, Math.round(stars / 60));
}

export function buildPlaces(seed: number, stars: number): PlaceTable {
  const count = placeCount(stars);
  const random = new Random(seed, Stream.place, 0);
  const country = new Uint8Array(count);
  const name: string[] = [];
  for (let r = 0; r < count; r++) {
    const c = countryPopularity.sample(random);
    const info = COUNTRIES[c];
    country[r] = c;
    name.push(info === undefined ? 'Nowhere' : placeName(info.script, info.accents, random));
  }
  // qids ascend with gaps; which rank gets which qid is shuffled
  const qidByPosition = new Int32Array(count);
  let qid = 60 + random.int(500);
  for (let i = 0; i < count; i++) {
    qidByPosition[i] = qid;
    qid += 1 + random.int(random.chance(0.9) ? 1500 : 40000);
  }
  const qidOfRank = new Int32Array(count);
  const positions = Int32Array.from({ length: count }, (_, i) => i);
  shuffle(positions, random);
  for (let r = 0; r < count; r++) qidOfRank[r] = qidByPosition[positions[r] as number] as number;

  const members: number[][] = COUNTRIES.map(() => []);
  for (let r = 0; r < count; r++) members[country[r] as number]?.push(r);
  const ofCountry = members.map((list) => (list.length === 0 ? null : Int32Array.from(list)));
  const ofCountryPopularity = members.map((list) => (list.length === 0 ? null : new Zipf(list.length, 0.9)));
  return { count, qid: qidOfRank, country, name, popularity: new Zipf(count, 0.85), ofCountry, ofCountryPopularity };
}

/** A place in `country` (by Zipf popularity within it), or any place when the country has none. */
export function placeIn(places: PlaceTable, country: number, random: Random): number {
  const list = places.ofCountry[country];
  const zipf = places.ofCountryPopularity[country];
  if (list === null || list === undefined || zipf === null || zipf === undefined) return places.popularity.sample(random);
  return list[zipf.sample(random)] as number;
}

/** Writes places.jsonl in qid order. */
export async function writePlaces(places: PlaceTable, out: JsonlWriter): Promise<void> {
  const ranks = Int32Array.from({ length: places.count }, (_, i) => i).sort((a, b) => (places.qid[a] as number) - (places.qid[b] as number));
  for (const r of ranks) {
    const country = COUNTRIES[places.country[r] as number]?.name ?? 'Unknown';
    out.row(`{"qid":${places.qid[r]},"name":${JSON.stringify(places.name[r])},"country":${JSON.stringify(country)}}`);
    if (out.full) await out.flush();
  }
}
