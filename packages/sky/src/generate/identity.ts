/**
 * Who an artist is: kind, country, script, name, comment, and the name the
 * catalogue knows it by. An identity is a pure function of (seed, slot), so
 * a namesake can copy another artist's name without either being generated
 * first. About 1% of artists are namesakes of another: same name and kind,
 * a different disambiguation comment, and a namesake number in the catalogue.
 */
import { COUNTRIES, type Script } from './countries.ts';
import { ARTIST_KINDS, artistName, pickComment, type ArtistKind } from './names.ts';
import type { CanonPlan } from './plan.ts';
import { countryPopularity } from './places.ts';
import { Random, Stream } from './random.ts';

export interface Identity {
  readonly kind: ArtistKind;
  /** Index into COUNTRIES. */
  readonly country: number;
  readonly script: Script;
  readonly name: string;
  readonly comment: string | null;
  /** The name in catalogue_artists: with ` (N)` when the catalogue has namesakes. */
  readonly catalogueName: string;
}

const KIND_ODDS = [0.55, 0.38, 0.015, 0.015, 0.01, 0.03];
const NAMESAKE_SHARE = 0.012;
const OTHER_SCRIPTS: readonly Script[] = ['japanese', 'cyrillic', 'greek', 'arabic', 'korean'];

export class Identities {
  readonly #plan: CanonPlan;
  readonly #random: Random;

  constructor(plan: CanonPlan) {
    this.#plan = plan;
    this.#random = new Random(plan.seed, Stream.identity, 0);
  }

  of(slot: number): Identity {
    const random = this.#random;
    random.reseed(this.#plan.seed, Stream.identity, slot);
    if (random.float() < NAMESAKE_SHARE) {
      const target = random.int(this.#plan.artists);
      if (target !== slot) {
        const original = this.#own(target, true);
        if (original !== null) {
          random.reseed(this.#plan.seed, Stream.identity, slot);
          random.next();
          random.next();
          let comment = pickComment(random);
          if (comment === original.comment) comment = pickComment(random);
          if (comment === original.comment) comment = `${comment}, ${random.between(1950, 2020)}s`;
          const number = 2 + random.int(3);
          return { ...original, comment, catalogueName: `${original.name} (${number})` };
        }
      }
    }
    return this.#own(slot, false) as Identity;
  }

  /**
   * The identity generated from the slot's own stream. As a namesake's
   * original (`original` true) a slot that is itself a namesake is refused
   * with null, so namesakes never chain.
   */
  #own(slot: number, original: boolean): Identity | null {
    const plan = this.#plan;
    const random = this.#random;
    random.reseed(plan.seed, Stream.identity, slot);
    if (random.float() < NAMESAKE_SHARE && original) return null;
    random.next();
    const kind = ARTIST_KINDS[random.weighted(KIND_ODDS)] as ArtistKind;
    const community = plan.communityOf[slot] as number;
    const country = community >= 0 && random.chance(0.6) ? (plan.places.country[plan.communities.home[community] as number] as number) : countryPopularity.sample(random);
    const info = COUNTRIES[country] ?? COUNTRIES[0];
    let script: Script = 'latin';
    if (info !== undefined && info.script !== 'latin' && random.chance(0.6)) script = info.script;
    else if (random.chance(0.015)) script = random.pick(OTHER_SCRIPTS);
    const name = artistName(kind, script, info?.accents ?? 0.05, random);
    const comment = random.chance(0.08) ? pickComment(random) : null;
    const catalogueName = random.chance(0.02) ? `${name} (2)` : name;
    return { kind, country, script, name, comment, catalogueName };
  }
}
