/**
 * An artist's urls: listen links on the services the contract names (and
 * on hosts it does not), video links on YouTube in its three forms
 * (`/channel/UC` + 22 characters, `/user/...`, `/@handle`), and links under
 * other relations that must not become listen links. About a third of stars,
 * faint ones included, have a `/channel/UC...` link; some rows repeat.
 */
import type { Identity } from './identity.ts';
import { latinWord, slug } from './names.ts';
import type { Random } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';

export const LISTEN_RELATIONS = ['streaming', 'free streaming', 'purchase for download', 'download for free', 'bandcamp', 'soundcloud', 'youtube music'] as const;
export const VIDEO_RELATION = 'youtube';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHANNEL_CHARS = `${BASE62}_-`;

function chars(alphabet: string, length: number, random: Random): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet.charAt(random.int(alphabet.length));
  return out;
}

export function channelId(random: Random): string {
  return `UC${chars(CHANNEL_CHARS, 22, random)}`;
}

type Link = readonly [url: string, relation: string];
type Service = (name: string, random: Random) => Link;

const numeric = (random: Random): number => random.between(1000, 99999999);

/** Listen services with their odds. */
const SERVICES: readonly (readonly [number, Service])[] = [
  [25, (s, r) => [`https://open.spotify.com/artist/${chars(BASE62, 22, r)}`, r.chance(0.85) ? 'streaming' : 'free streaming']],
  [10, (_s, r) => [`https://www.deezer.com/artist/${numeric(r)}`, r.chance(0.8) ? 'streaming' : 'free streaming']],
  [12, (s, r) => [r.chance(0.7) ? `https://music.apple.com/${r.pick(['us', 'gb', 'jp', 'de'])}/artist/${s}/${numeric(r)}` : `https://itunes.apple.com/${r.pick(['us', 'gb', 'fr'])}/artist/${s}/id${numeric(r)}`, r.chance(0.6) ? 'streaming' : 'purchase for download']],
  [10, (s, r) => [`https://${s}.bandcamp.com/${r.chance(0.2) ? 'music' : ''}`, r.chance(0.7) ? 'bandcamp' : 'purchase for download']],
  [8, (s) => [`https://soundcloud.com/${s}`, 'soundcloud']],
  [6, (_s, r) => [`https://music.youtube.com/channel/${channelId(r)}`, 'youtube music']],
  [5, (_s, r) => [r.chance(0.5) ? `https://tidal.com/browse/artist/${numeric(r)}` : `https://listen.tidal.com/artist/${numeric(r)}`, 'streaming']],
  [3, (s, r) => [`https://www.qobuz.com/${r.pick(['gb-en', 'fr-fr', 'de-de', 'us-en'])}/interpreter/${s}/${numeric(r)}`, r.chance(0.5) ? 'streaming' : 'purchase for download']],
  [3, (s, r) => [`https://www.beatport.com/artist/${s}/${numeric(r)}`, 'purchase for download']],
  [2, (s, r) => [`https://${r.chance(0.7) ? 'www' : 'us'}.7digital.com/artist/${s}`, 'purchase for download']],
  [2, (s) => [`https://www.junodownload.com/artists/${s}/`, 'purchase for download']],
  [2, (s, r) => [`https://audiomack.com/${s}`, r.chance(0.6) ? 'free streaming' : 'download for free']],
  [2, (s, r) => [`https://${r.pick(['us', 'gb', 'de', 'app'])}.napster.com/artist/${s}`, 'streaming']],
  [
    5,
    (_s, r) => {
      const host = r.pick(['www.amazon.com', 'www.amazon.de', 'www.amazon.co.uk', 'www.amazon.co.jp', 'www.amazon.fr', 'music.amazon.com', 'music.amazon.de']);
      const asin = `B0${chars(BASE62.slice(0, 36), 8, r)}`;
      return host.startsWith('music.') ? [`https://${host}/artists/${asin}`, 'streaming'] : [`https://${host}/-/e/${asin}`, 'purchase for download'];
    },
  ],
  [
    4,
    (s, r) =>
      r.pick<Link>([
        [`https://play.anghami.com/artist/${numeric(r)}`, 'streaming'],
        [`https://www.hdtracks.com/#/artist/${s}`, 'purchase for download'],
        [`https://boomkat.com/artists/${s}`, 'purchase for download'],
        [`https://freemusicarchive.org/music/${s}`, 'download for free'],
        [`https://music.163.com/#/artist?id=${numeric(r)}`, 'streaming'],
        [`https://vk.com/artist/${s}`, 'streaming'],
        [`https://www.jiosaavn.com/artist/${s}/${chars(BASE62, 10, r)}`, 'free streaming'],
      ]),
  ],
];
const SERVICE_ODDS = SERVICES.map(([odds]) => odds);
const LISTEN_COUNT_ODDS = [0.4, 0.25, 0.15, 0.1, 0.03, 0.025, 0.02, 0.015, 0.004, 0.003, 0.002, 0.001];

function youtube(path: string, random: Random): string {
  const roll = random.float();
  const host = roll < 0.75 ? 'www.youtube.com' : roll < 0.9 ? 'youtube.com' : 'm.youtube.com';
  return `${random.chance(0.97) ? 'https' : 'http'}://${host}${path}`;
}

export function writeUrls(out: JsonlWriter, artist: number, identity: Identity, role: number, catalogueId: number, random: Random): void {
  const star = role === Role.star;
  const name = slug(identity.name, random);
  const links: Link[] = [];
  if (random.chance(star ? 0.45 : 0.12)) {
    const count = 1 + random.weighted(LISTEN_COUNT_ODDS);
    for (let i = 0; i < count; i++) {
      const service = SERVICES[random.weighted(SERVICE_ODDS)];
      if (service !== undefined) links.push(service[1](name, random));
    }
    const first = links[0];
    if (first !== undefined && random.chance(0.03)) links.push(first);
    if (first !== undefined && first[1] === 'bandcamp' && random.chance(0.3)) links.push([first[0], 'purchase for download']);
  }
  if (random.chance(star ? 0.33 : 0.1)) links.push([youtube(`/channel/${channelId(random)}`, random), VIDEO_RELATION]);
  if (random.chance(star ? 0.1 : 0.03)) links.push([youtube(`/user/${name}`, random), VIDEO_RELATION]);
  if (random.chance(star ? 0.1 : 0.03)) links.push([youtube(`/@${name}${random.chance(0.3) ? random.between(1, 99) : ''}`, random), VIDEO_RELATION]);
  if (random.chance(0.005)) links.push([youtube(`/channel/UC${chars(CHANNEL_CHARS, 20, random)}`, random), VIDEO_RELATION]);
  if (random.chance(0.2)) {
    links.push(random.chance(0.9) ? [`https://www.${name}.${random.pick(['com', 'net', 'de', 'co.uk', 'fr', 'jp'])}/`, 'official homepage'] : [`https://${name}.bandcamp.com/`, 'official homepage']);
  }
  if (random.chance(0.15)) {
    const site = random.pick(['https://twitter.com/', 'https://www.instagram.com/', 'https://www.facebook.com/', 'https://x.com/']);
    links.push([`${site}${name}`, 'social network']);
  }
  if (random.chance(0.1)) links.push([`https://www.wikidata.org/wiki/Q${random.between(100, 120000000)}`, 'wikidata']);
  if (catalogueId !== 0 && random.chance(0.1)) links.push([`https://www.discogs.com/artist/${catalogueId}`, 'discogs']);
  if (random.chance(0.05)) links.push([`https://www.last.fm/music/${encodeURIComponent(identity.name).replace(/%20/g, '+')}`, 'last.fm']);
  if (random.chance(0.002)) links.push([`https://${latinWord(random, 2).toLowerCase()}.example/${name}`, random.pick(LISTEN_RELATIONS)]);
  for (const [url, relation] of links) out.row(`{"artist":${artist},"url":${JSON.stringify(url)},"relation":"${relation}"}`);
}
