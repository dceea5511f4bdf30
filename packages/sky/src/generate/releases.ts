/**
 * An artist's releases: a name, a primary type and a year within its
 * career. Counts are skewed (many artists with one or two, some with
 * several); now and then a row repeats exactly.
 */
import type { Identity } from './identity.ts';
import { releaseTitle } from './names.ts';
import type { Random } from './random.ts';
import type { JsonlWriter } from './writer.ts';

export const PRIMARY_TYPES = ['Album', 'Single', 'EP', 'Broadcast', 'Other'] as const;
const TYPE_ODDS = [0.42, 0.3, 0.16, 0.03, 0.09];
const RELEASES_OF_STAR = [0.2, 0.25, 0.2, 0.15, 0.08, 0.06, 0.04, 0.02];
const RELEASES_OF_OTHER = [0.5, 0.3, 0.15, 0.05];

export function writeReleases(out: JsonlWriter, artist: number, identity: Identity, star: boolean, years: readonly [number, number], place: string | null, random: Random): void {
  const count = random.weighted(star ? RELEASES_OF_STAR : RELEASES_OF_OTHER);
  for (let i = 0; i < count; i++) {
    const name = releaseTitle(identity.name, identity.script, place, random);
    const type = PRIMARY_TYPES[random.weighted(TYPE_ODDS)] as string;
    const row = `{"artist":${artist},"name":${JSON.stringify(name)},"primary_type":"${type}","year":${random.between(years[0], years[1])}}`;
    out.row(row);
    if (random.chance(0.005)) out.row(row);
  }
}
