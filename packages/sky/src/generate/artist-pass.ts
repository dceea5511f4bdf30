/**
 * Writes every row that belongs to one artist: its artist and catalogue
 * rows, positions, genres, similarity, influences, origin, labels,
 * releases, urls and prose. Each artist draws from its own random stream,
 * so its rows depend on (seed, slot) alone.
 */
import { chooseArea, chooseCareer, mbidOf, releaseYears, writeArtist } from './artists.ts';
import { CatalogueRows } from './catalogue.ts';
import { COUNTRIES } from './countries.ts';
import { writeGenres } from './genres.ts';
import { writeInfluences, writeSimilarity } from './graph.ts';
import { Identities } from './identity.ts';
import { CanonLabelReleases, writeArtistLabels } from './labels.ts';
import { writePositions } from './layout.ts';
import { writeUrls } from './links.ts';
import { NEBULAE } from './nebulae.ts';
import { chooseOrigin, writeOrigin } from './origins.ts';
import type { CanonPlan } from './plan.ts';
import { writeProse } from './prose.ts';
import { Random, Stream } from './random.ts';
import { writeReleases } from './releases.ts';
import { Role } from './role.ts';
import type { CanonWriters } from './writer.ts';

export class ArtistPass {
  readonly #plan: CanonPlan;
  readonly #out: CanonWriters;
  readonly #identities: Identities;
  readonly #random: Random;
  readonly #catalogue: CatalogueRows;
  /** The canon's releases per label and year, for label_years. */
  readonly labelReleases: CanonLabelReleases;

  constructor(plan: CanonPlan, out: CanonWriters) {
    this.#plan = plan;
    this.#out = out;
    this.#identities = new Identities(plan);
    this.#random = new Random(plan.seed, Stream.artist, 0);
    this.#catalogue = new CatalogueRows(plan, out.catalogue_artists);
    this.labelReleases = new CanonLabelReleases(plan.labels);
  }

  /** Writes the artist at `slot`; call in ascending id order. */
  write(slot: number): void {
    const plan = this.#plan;
    const out = this.#out;
    const random = this.#random;
    random.reseed(plan.seed, Stream.artist, slot);
    const id = plan.artistId[slot] as number;
    const role = plan.role[slot] as number;
    const catalogueId = plan.catalogueId[slot] as number;
    const identity = this.#identities.of(slot);
    const career = chooseCareer(identity.kind, random);
    const place = chooseOrigin(plan, slot, identity, random);
    const area = chooseArea(identity, random);

    writeArtist(out.artists, id, mbidOf(plan.seed, slot), identity, area, career, catalogueId, random);
    if (catalogueId !== 0) this.#catalogue.artist(catalogueId, identity.catalogueName);
    writePositions(out.positions, plan, slot, id, random);
    const genre = writeGenres(out.genres, plan, slot, id, random);
    writeSimilarity(out.similarity, plan, slot, random);
    writeInfluences(out.influences, plan, slot, id, random);
    if (place >= 0) writeOrigin(out.origins, plan, id, place, identity, career.begin, random);
    const years = releaseYears(identity.kind, career);
    writeArtistLabels(out.artist_labels, plan, slot, id, years, this.labelReleases, random);
    const placeName = place >= 0 ? (plan.places.name[place] as string) : null;
    writeReleases(out.releases, id, identity, role === Role.star, years, placeName, random);
    writeUrls(out.urls, id, identity, role, catalogueId, random);
    if (random.chance(role === Role.star ? 0.03 : 0.005)) {
      const country = place >= 0 ? (COUNTRIES[plan.places.country[place] as number]?.name ?? null) : area;
      writeProse(out.prose, id, identity, placeName, country, genre >= 0 ? (NEBULAE.genres[genre] as string) : null, career, random);
    }
  }

  /** Writes what is left once every artist is written. */
  finish(): void {
    this.#catalogue.finish();
  }
}
