/**
 * The artist row: id, mbid, name, comment, kind, area (a country), begin
 * and end years, catalogue id. Nullable fields are sometimes left out
 * rather than written as null, as the format allows.
 */
import { COUNTRIES } from './countries.ts';
import type { Identity } from './identity.ts';
import { LAST_YEAR } from './labels.ts';
import type { ArtistKind } from './names.ts';
import { mix32, type Random } from './random.ts';
import type { JsonlWriter } from './writer.ts';

export interface Career {
  readonly begin: number | null;
  readonly end: number | null;
}

/** Begin and end years: birth and death for a person, formation and split for a group. */
export function chooseCareer(kind: ArtistKind, random: Random): Career {
  if (random.chance(0.12)) return { begin: null, end: random.chance(0.03) ? random.between(1970, LAST_YEAR) : null };
  let begin: number;
  let end: number | null = null;
  if (kind === 'person' || kind === 'character') {
    begin = Math.min(2006, 1900 + Math.floor(106 * Math.pow(random.float(), 0.55)));
    if (begin < 1990 && random.chance(0.12 + (1990 - begin) / 150)) end = Math.min(LAST_YEAR, begin + 25 + random.int(70));
  } else if (kind === 'group') {
    begin = Math.min(LAST_YEAR - 1, 1950 + Math.floor(75 * Math.sqrt(random.float())));
    if (random.chance(0.25)) end = Math.min(LAST_YEAR, begin + 1 + random.int(30));
  } else {
    begin = random.between(1890, 2020);
    if (random.chance(0.1)) end = Math.min(LAST_YEAR, begin + 1 + random.int(60));
  }
  return { begin, end };
}

/** The years an artist can release in, for labels and releases. */
export function releaseYears(kind: ArtistKind, career: Career): [number, number] {
  const grownUp = kind === 'person' ? 16 : 0;
  const first = career.begin === null ? 1960 : Math.min(LAST_YEAR, Math.max(1930, career.begin + grownUp));
  const last = career.end === null ? LAST_YEAR : Math.max(first, Math.min(LAST_YEAR, career.end + (kind === 'person' ? 5 : 0)));
  return [first, last];
}

/** The area: usually the artist's country, sometimes another, sometimes unknown. */
export function chooseArea(identity: Identity, random: Random): string | null {
  const roll = random.float();
  if (roll < 0.1) return null;
  if (roll < 0.15) return (COUNTRIES[random.int(COUNTRIES.length)] as { name: string }).name;
  return (COUNTRIES[identity.country] as { name: string }).name;
}

const hex = (n: number): string => n.toString(16).padStart(8, '0');

/**
 * A version-4-shaped UUID. Its first eight digits are a bijection of the
 * slot, so no two artists of one canon share an mbid.
 */
export function mbidOf(seed: number, slot: number): string {
  const key = mix32((seed >>> 0) ^ 0x6a09e667) ^ mix32(Math.floor(seed / 4294967296) ^ 0x3c6ef372);
  const w0 = mix32(slot ^ key);
  const w1 = hex(mix32(w0 ^ 0xbb67ae85));
  const w2 = mix32(w0 ^ 0xa54ff53a);
  const w3 = hex(mix32(w0 ^ 0x510e527f));
  const variant = (8 | ((w2 >>> 28) & 3)).toString(16);
  const w2hex = hex(w2);
  return `${hex(w0)}-${w1.slice(0, 4)}-4${w1.slice(5, 8)}-${variant}${w2hex.slice(1, 4)}-${w2hex.slice(4, 8)}${w3}`;
}

function nullable(key: string, value: string | number | null, random: Random): string {
  if (value === null) return random.chance(0.03) ? '' : `,"${key}":null`;
  return `,"${key}":${typeof value === 'string' ? JSON.stringify(value) : value}`;
}

export function writeArtist(out: JsonlWriter, id: number, mbid: string, identity: Identity, area: string | null, career: Career, catalogueId: number, random: Random): void {
  out.row(
    `{"id":${id},"mbid":"${mbid}","name":${JSON.stringify(identity.name)}${nullable('comment', identity.comment, random)},"kind":"${identity.kind}"` +
      `${nullable('area', area, random)}${nullable('begin_year', career.begin, random)}${nullable('end_year', career.end, random)}` +
      `${nullable('catalogue_id', catalogueId === 0 ? null : catalogueId, random)}}`,
  );
}
