/**
 * Label profiles in the catalogue's markup: artist references `[a123]`,
 * `[a=123]`, `[a=Some Name]`; label references `[l45]`, `[l=45]`,
 * `[l=Some Name]`; links `[url=U]text[/url]` and `[url]U[/url]` (now and
 * then with a non-http address); `[b]`, `[i]`, `[u]`; tags the dossier drops
 * (`[r=...]`, `[m...]`); paragraphs separated by one or more blank lines.
 * Every numeric reference names a catalogue artist or a label of the canon.
 */
import { COUNTRIES } from './countries.ts';
import { adjective, article, artistName, latinWord, slug } from './names.ts';
import { NEBULAE } from './nebulae.ts';
import type { CanonPlan } from './plan.ts';
import type { Random } from './random.ts';

/** A catalogue artist id: usually a canon artist's, sometimes one the canon does not hold. */
function catalogueRef(plan: CanonPlan, random: Random): number {
  if (!random.chance(0.25)) {
    for (let attempt = 0; attempt < 6; attempt++) {
      const id = plan.catalogueId[random.int(plan.artists)] as number;
      if (id !== 0) return id;
    }
  }
  return plan.extraCatalogueIds[random.int(plan.extraCatalogueIds.length)] as number;
}

function artistRef(plan: CanonPlan, random: Random): string {
  const roll = random.float();
  if (roll < 0.45) return `[a${catalogueRef(plan, random)}]`;
  if (roll < 0.8) return `[a=${catalogueRef(plan, random)}]`;
  return `[a=${artistName(random.chance(0.6) ? 'person' : 'group', 'latin', 0.1, random)}]`;
}

function labelRef(plan: CanonPlan, rank: number, random: Random): string {
  const id = plan.labels.id[rank] as number;
  const roll = random.float();
  if (roll < 0.45) return `[l${id}]`;
  if (roll < 0.8) return `[l=${id}]`;
  return `[l=${plan.labels.name[rank]}]`;
}

function urlMarkup(site: string, random: Random): string {
  const roll = random.float();
  if (roll < 0.4) return `[url=https://www.${site}.com]Official site[/url]`;
  if (roll < 0.6) return `[url]https://${site}.bandcamp.com[/url]`;
  if (roll < 0.72) return `[url=http://${site}.net/]${site}.net[/url]`;
  if (roll < 0.8) return `[url]http://www.${site}.de/shop[/url]`;
  if (roll < 0.85) return '[url=javascript:alert(1)]x[/url]';
  if (roll < 0.9) return `[url=ftp://ftp.${site}.org/pub/]FTP archive[/url]`;
  if (roll < 0.94) return `[url]ftp://ftp.${site}.net/releases[/url]`;
  return `[url=mailto:info@${site}.com]Write to us[/url]`;
}

/**
 * The profile of the label at popularity `rank`: markup text, an empty
 * string, null, or undefined when the field is to be left out.
 */
export function labelProfile(plan: CanonPlan, rank: number, random: Random): string | null | undefined {
  const labels = plan.labels;
  const roll = random.float();
  const withText = rank < 50 ? 0.85 : 0.5;
  if (roll >= withText) {
    const rest = (roll - withText) / (1 - withText);
    return rest < 0.3 ? '' : rest < 0.8 ? undefined : null;
  }
  const name = labels.name[rank] as string;
  const site = slug(name, random);
  const genre = NEBULAE.genres[random.int(12)] as string;
  const country = (COUNTRIES[random.int(COUNTRIES.length)] as { name: string }).name;
  const paragraphs: string[] = [];

  const opener = random.chance(0.3) ? `[b]${name}[/b]` : name;
  const founded = `founded in ${labels.start[rank]} by ${artistRef(plan, random)}${random.chance(0.5) ? ` and ${artistRef(plan, random)}` : ''}`;
  const quality = adjective(random).toLowerCase();
  paragraphs.push(`${opener} is ${article(quality)} ${quality} ${genre} label from ${country}, ${founded}.`);

  const parent = labels.parent[rank] as number;
  if (parent >= 0) {
    paragraphs.push(random.pick([`Sublabel of ${labelRef(plan, parent, random)}.`, `An imprint of ${labelRef(plan, parent, random)}, run from the same office.`]));
  }
  if (random.chance(0.7)) {
    const artists: string[] = [];
    const n = 1 + random.int(5);
    for (let i = 0; i < n; i++) artists.push(artistRef(plan, random));
    const list = artists.length === 1 ? (artists[0] as string) : `${artists.slice(0, -1).join(', ')} and ${artists[artists.length - 1]}`;
    paragraphs.push(`Artists on the roster include ${list}.${random.chance(0.3) ? ` [i]${latinWord(random, 2)}[/i] was the first release.` : ''}`);
  }
  if (random.chance(0.4)) {
    const other = random.int(labels.count);
    if (other !== rank) paragraphs.push(`[u]Not to be confused with[/u] ${labelRef(plan, other, random)}.`);
  }
  if (random.chance(0.6)) {
    const links = [urlMarkup(site, random)];
    if (random.chance(0.35)) links.push(urlMarkup(site, random));
    paragraphs.push(`Contact:\n${links.join('\n')}\ninfo@${site}.com`);
  }
  if (random.chance(0.2)) {
    const prefix = latinWord(random, 1).toUpperCase().slice(0, 4);
    paragraphs.push(`Catalogue numbers [b]${prefix}-001[/b] to [b]${prefix}-${String(random.between(2, 999)).padStart(3, '0')}[/b]; see [r=${random.between(1000, 30000000)}] and [m${random.between(100, 3000000)}]. Sleeves "designed in-house" \\ printed locally.`);
  }
  let text = '';
  paragraphs.forEach((p, i) => {
    if (i > 0) text += random.chance(0.15) ? '\n\n\n' : '\n\n';
    text += p;
  });
  return text;
}
