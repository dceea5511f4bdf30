import { spectrum } from '../domain/spectrum.ts';
import { why } from '../domain/why.ts';
import { skyErrors } from '../errors.ts';
import type { Canon } from '../store/canon-source.ts';

const SHARED_NEIGHBOUR_LIMIT = 20;

/** The card of one artist as the import stored it (JSON in UTF-8; see `domain/card.ts`). */
export async function card(canon: Canon, id: number): Promise<Buffer> {
  const body = await canon.queries.card(id);
  if (body === undefined) throw skyErrors.not_found(`No artist has the id ${id}.`);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
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
