/**
 * Prose for a minority of artists: a short extract that never travels
 * without its source title, source url and licence.
 */
import type { Career } from './artists.ts';
import type { Identity } from './identity.ts';
import { adjective, article } from './names.ts';
import type { Random } from './random.ts';
import type { JsonlWriter } from './writer.ts';

const WIKI_LANGUAGE: Readonly<Record<string, string>> = { japanese: 'ja', cyrillic: 'ru', greek: 'el', arabic: 'ar', korean: 'ko' };

function kindNoun(identity: Identity, random: Random): string {
  switch (identity.kind) {
    case 'person':
      return random.pick(['singer', 'musician', 'composer', 'producer', 'rapper', 'guitarist', 'singer-songwriter']);
    case 'group':
      return random.pick(['band', 'group', 'duo', 'collective']);
    case 'character':
      return 'fictional character';
    case 'other':
      return 'music project';
    default:
      return identity.kind;
  }
}

export function writeProse(out: JsonlWriter, artist: number, identity: Identity, place: string | null, country: string | null, genre: string | null, career: Career, random: Random): void {
  const noun = kindNoun(identity, random);
  const from = place === null ? (country === null ? '' : ` from ${country}`) : ` from ${place}${country === null ? '' : `, ${country}`}`;
  const described = genre === null ? noun : `${genre} ${noun}`;
  let extract = `${identity.name} is ${article(described)} ${described}${from}.`;
  if (career.begin !== null) extract += identity.kind === 'person' ? ` Born in ${career.begin}, ` : ` Formed in ${career.begin}, `;
  else extract += ' ';
  const sound = adjective(random).toLowerCase();
  extract += `${identity.kind === 'person' ? 'they' : 'the ' + noun} became known for ${article(sound)} ${sound}, "${adjective(random).toLowerCase()}" sound`;
  extract += career.end !== null ? ` until ${career.end}.` : '.';
  if (random.chance(0.5)) extract += ` Critics called it \u201c${adjective(random).toLowerCase()} and ${adjective(random).toLowerCase()}\u201d.`;
  const title = identity.kind === 'group' && random.chance(0.3) ? `${identity.name} (band)` : identity.name;
  const language = WIKI_LANGUAGE[identity.script] ?? (random.chance(0.9) ? 'en' : random.pick(['de', 'fr', 'es']));
  const url = `https://${language}.wikipedia.org/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
  const licence = random.chance(0.85) ? 'CC BY-SA 4.0' : 'CC BY-SA 3.0';
  out.row(`{"artist":${artist},"extract":${JSON.stringify(extract)},"source_title":${JSON.stringify(title)},"source_url":${JSON.stringify(url)},"licence":"${licence}"}`);
}
