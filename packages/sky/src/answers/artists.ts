import { cardRadio, orderGenres, orderReleases } from '../domain/card-order.ts';
import { listenLinks } from '../domain/listen.ts';
import { spectrum } from '../domain/spectrum.ts';
import { why } from '../domain/why.ts';
import { skyErrors } from '../errors.ts';
import type { Canon } from '../store/canon-source.ts';

export const NEIGHBOUR_LIMIT = 24;
export const SHARED_NEIGHBOUR_LIMIT = 20;
// Influence lists are short for nearly every artist; all of them are needed for the `why` flags.
const ALL_INFLUENCES = 100_000;

const isTrue = (v: unknown) => v === true || v === 1;

/** The card of one artist (spec "Card", rules 1 to 9). */
export async function card(canon: Canon, id: number) {
  const q = canon.queries;
  const artist = await q.artist(id);
  if (artist === undefined) throw skyErrors.not_found(`No artist has the id ${id}.`);
  const [genres, similar, shapedBy, shaped, labels, releases, urls] = await Promise.all([
    q.genres(id),
    q.similarStars(id, NEIGHBOUR_LIMIT),
    q.influenceStars(id, 'by', ALL_INFLUENCES),
    q.influenceStars(id, 'of', ALL_INFLUENCES),
    q.artistLabels(id),
    q.releases(id),
    q.urls(id),
  ]);
  const neighbourGenres = await q.genresOf(similar.map((s) => s.id));
  const shapedByIds = new Set(shapedBy.map((s) => s.id));
  const shapedIds = new Set(shaped.map((s) => s.id));
  const nebulae = [
    ...(artist.main_style ? [{ kind: 'style' as const, name: artist.main_style }] : []),
    ...(artist.main_genre ? [{ kind: 'genre' as const, name: artist.main_genre }] : []),
  ];
  const sizes = await q.radioSizes(nebulae);
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
    similar: similar.map((s) => ({
      id: s.id,
      name: s.name,
      score: s.score,
      why: why(genres, neighbourGenres.get(s.id) ?? [], s.score, { neighbourShapedThis: shapedByIds.has(s.id), thisShapedNeighbour: shapedIds.has(s.id) }),
    })),
    origin:
      artist.qid === null
        ? null
        : { place: artist.place, qid: artist.qid, country: artist.country, is_birth: isTrue(artist.is_birth), inception_year: artist.inception_year },
    labels,
    influenced_by: shapedBy.slice(0, NEIGHBOUR_LIMIT),
    influenced: shaped.slice(0, NEIGHBOUR_LIMIT),
    prose:
      artist.extract === null
        ? null
        : { extract: artist.extract, source_title: artist.source_title, source_url: artist.source_url, licence: artist.licence },
    releases: orderReleases(releases).map(({ name, primary_type, year }) => ({ name, primary_type, year })),
    listen: listenLinks(urls),
    video_uploads: artist.video_uploads,
    radio: cardRadio(
      artist.main_style ? { name: artist.main_style, size: sizes.get(`style:${artist.main_style}`) ?? 0 } : undefined,
      artist.main_genre ? { name: artist.main_genre, size: sizes.get(`genre:${artist.main_genre}`) ?? 0 } : undefined,
    ),
  };
}

/** The comparison of two artists (spec "Comparison answer"; compare rule 5). */
export async function compare(canon: Canon, a: number, b: number) {
  if (a === b) throw skyErrors.bad_request('An artist cannot be compared with itself.');
  const q = canon.queries;
  const [aExists, bExists] = await Promise.all([q.artistExists(a), q.artistExists(b)]);
  if (!aExists || !bExists) throw skyErrors.not_found(`No artist has the id ${aExists ? b : a}.`);
  const [aGenres, bGenres, score, influence, shared] = await Promise.all([q.genres(a), q.genres(b), q.edgeScore(a, b), q.influencePair(a, b), q.sharedNeighbours(a, b)]);
  return {
    why: why(aGenres, bGenres, score, { neighbourShapedThis: influence.bShapedA, thisShapedNeighbour: influence.aShapedB }),
    spectrum: spectrum(aGenres, bGenres),
    shared_neighbours: shared
      .map((s) => ({ id: s.id, name: s.name, score: Math.min(s.score_a, s.score_b) }))
      .sort((x, y) => y.score - x.score || x.id - y.id)
      .slice(0, SHARED_NEIGHBOUR_LIMIT),
  };
}
