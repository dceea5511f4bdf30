/**
 * The card of one artist (spec "Card", rules 1 to 9), assembled from the
 * facts the canon holds about it. Pure: the import builds every card with
 * it (see `canon/derive-cards.ts`) and the API serves them as stored.
 */
import { bestFirst, cardRadio, orderGenres, orderLabels, orderReleases, type LabelRow, type ReleaseRow, type ScoredStar } from './card-order.ts';
import { listenLinks, type UrlRow } from './listen.ts';
import type { GenreRow } from './nebula-shares.ts';
import { why } from './why.ts';

/** Contract: `similar`, `influenced_by` and `influenced` list at most this many stars. */
export const NEIGHBOUR_LIMIT = 24;

/** The artist's own row with its newest-layout position, origin and prose (null where the canon has none). */
export interface CardArtist {
  readonly id: number;
  readonly mbid: string;
  readonly name: string;
  readonly comment: string | null;
  readonly kind: string;
  readonly area: string | null;
  readonly begin_year: number | null;
  readonly end_year: number | null;
  readonly main_genre: string | null;
  readonly main_style: string | null;
  readonly video_uploads: string | null;
  readonly x: number | null;
  readonly y: number | null;
  readonly weight: number | null;
  readonly place: string | null;
  readonly qid: number | null;
  readonly country: string | null;
  readonly is_birth: boolean | null;
  readonly inception_year: number | null;
  readonly extract: string | null;
  readonly source_title: string | null;
  readonly source_url: string | null;
  readonly licence: string | null;
}

/** Everything a card shows; lists in any order (the card orders them). */
export interface CardFacts {
  readonly artist: CardArtist;
  readonly genres: readonly GenreRow[];
  /** Newest-metric neighbours that are stars, with the edge score. */
  readonly similar: readonly ScoredStar[];
  readonly neighbourGenres: (star: number) => readonly GenreRow[];
  /** Stars that shaped the artist and stars it shaped, scored by their weight. */
  readonly shapedBy: readonly ScoredStar[];
  readonly shaped: readonly ScoredStar[];
  readonly labels: readonly LabelRow[];
  readonly releases: readonly ReleaseRow[];
  readonly urls: readonly UrlRow[];
  /** Stations of a nebula's radio (0 when it has none). */
  readonly radioSize: (kind: 'genre' | 'style', name: string) => number;
}

export function renderCard(facts: CardFacts) {
  const { artist, genres } = facts;
  // Every influence counts for the `why` flags, not only the listed ones.
  const shapedByIds = new Set(facts.shapedBy.map((s) => s.id));
  const shapedIds = new Set(facts.shaped.map((s) => s.id));
  return {
    id: artist.id,
    mbid: artist.mbid,
    name: artist.name,
    comment: artist.comment,
    kind: artist.kind,
    area: artist.area,
    begin_year: artist.begin_year,
    end_year: artist.end_year,
    position: artist.x === null || artist.y === null ? null : { x: artist.x, y: artist.y, brightness: artist.weight },
    genres: orderGenres(genres).map(({ name, is_style, releases }) => ({ name, is_style, releases })),
    similar: bestFirst(facts.similar, NEIGHBOUR_LIMIT).map((s) => ({
      id: s.id,
      name: s.name,
      score: s.score,
      why: why(genres, facts.neighbourGenres(s.id), s.score, { neighbourShapedThis: shapedByIds.has(s.id), thisShapedNeighbour: shapedIds.has(s.id) }),
    })),
    origin:
      artist.qid === null
        ? null
        : { place: artist.place, qid: artist.qid, country: artist.country, is_birth: artist.is_birth === true, inception_year: artist.inception_year },
    labels: orderLabels(facts.labels),
    influenced_by: bestFirst(facts.shapedBy, NEIGHBOUR_LIMIT),
    influenced: bestFirst(facts.shaped, NEIGHBOUR_LIMIT),
    prose:
      artist.extract === null
        ? null
        : { extract: artist.extract, source_title: artist.source_title, source_url: artist.source_url, licence: artist.licence },
    releases: orderReleases(facts.releases).map(({ name, primary_type, year }) => ({ name, primary_type, year })),
    listen: listenLinks(facts.urls),
    video_uploads: artist.video_uploads,
    radio: cardRadio(
      artist.main_style ? { name: artist.main_style, size: facts.radioSize('style', artist.main_style) } : undefined,
      artist.main_genre ? { name: artist.main_genre, size: facts.radioSize('genre', artist.main_genre) } : undefined,
    ),
  };
}
