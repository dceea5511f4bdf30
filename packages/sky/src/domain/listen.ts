/**
 * The card's `listen` list (card rule 7 and the contract's "Listen links").
 *
 * Kept: urls whose relation is one of LISTEN_RELATIONS and that parse as an
 * http or https address with a host (anything else cannot be opened as a
 * listening page and is skipped: unparseable text, `javascript:`,
 * `mailto:`, `ftp:`...). They go in address order (the url as given, plain
 * code-point order); a url given twice is listed once, taking the wording
 * of the relation that sorts first; the first 8 are kept. The service is
 * named from the registrable domain (public suffix list, ICANN section),
 * so a per-artist subdomain and a shop's national domains do not matter;
 * a host outside the list keeps the relation's own wording.
 */
import { parse } from 'tldts';
import { compareText } from './card-order.ts';

/** Spec limit on `listen`. */
export const MAX_LISTEN = 8;

export const LISTEN_RELATIONS: readonly string[] = Object.freeze([
  'streaming',
  'free streaming',
  'purchase for download',
  'download for free',
  'bandcamp',
  'soundcloud',
  'youtube music',
]);

/** Registrable domain → service name. */
const SERVICES: ReadonlyMap<string, string> = new Map([
  ['spotify.com', 'Spotify'],
  ['deezer.com', 'Deezer'],
  ['tidal.com', 'TIDAL'],
  ['apple.com', 'Apple Music'],
  ['bandcamp.com', 'Bandcamp'],
  ['soundcloud.com', 'SoundCloud'],
  ['youtube.com', 'YouTube Music'],
  ['qobuz.com', 'Qobuz'],
  ['beatport.com', 'Beatport'],
  ['7digital.com', '7digital'],
  ['junodownload.com', 'Juno Download'],
  ['audiomack.com', 'Audiomack'],
  ['napster.com', 'Napster'],
]);

export const AMAZON_MUSIC = 'Amazon Music';

export interface UrlRow {
  readonly url: string;
  readonly relation: string;
}

export interface ListenLink {
  service: string;
  url: string;
}

/** The host of an http or https url, lower case; undefined for anything else. */
function webHost(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return parsed.hostname === '' ? undefined : parsed.hostname;
}

/**
 * A national domain of amazon: `amazon.` followed by an ICANN public suffix
 * that is `com` or ends in a two-letter country code (amazon.de,
 * amazon.co.uk, amazon.com.br); a generic suffix such as amazon.xyz is not
 * one.
 */
function isAmazon(domainWithoutSuffix: string | null, publicSuffix: string | null, isIcann: boolean | null): boolean {
  if (domainWithoutSuffix !== 'amazon' || publicSuffix === null || isIcann !== true) return false;
  return publicSuffix === 'com' || /(?:^|\.)[a-z]{2}$/.test(publicSuffix);
}

/** The service of a listen url by registrable domain, or undefined for a host outside the list. */
export function listenService(url: string): string | undefined {
  const host = webHost(url);
  if (host === undefined) return undefined;
  const result = parse(host);
  if (result.isIp === true || result.domain === null) return undefined;
  if (isAmazon(result.domainWithoutSuffix, result.publicSuffix, result.isIcann)) return AMAZON_MUSIC;
  return SERVICES.get(result.domain);
}

export function listenLinks(urls: readonly UrlRow[]): ListenLink[] {
  const kept = urls.filter((row) => LISTEN_RELATIONS.includes(row.relation) && webHost(row.url) !== undefined);
  kept.sort((p, q) => compareText(p.url, q.url) || compareText(p.relation, q.relation));
  const links: ListenLink[] = [];
  let previous: string | undefined;
  for (const row of kept) {
    if (links.length === MAX_LISTEN) break;
    if (row.url === previous) continue;
    previous = row.url;
    links.push({ service: listenService(row.url) ?? row.relation, url: row.url });
  }
  return links;
}
