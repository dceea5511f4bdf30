import { seededRandom, unseededRandom } from '../domain/random.ts';
import { signalPicks } from '../domain/signal.ts';
import { weightedOrder } from '../domain/weighted-shuffle.ts';
import { skyErrors } from '../errors.ts';
import type { Canon } from '../store/canon-source.ts';

export const STATIONS = 50;
export const SIGNAL_STARS = 5;
// Radios up to this size are shuffled whole; larger ones are drawn from by cumulative odds.
const SHUFFLE_WHOLE = 2000;

/** Draws without replacement by cumulative odds: each next pick weighted among those left, as a whole shuffle would. */
async function drawStations(canon: Canon, kind: string, name: string, random: () => number): Promise<number[]> {
  const total = await canon.queries.radioTotal(kind, name);
  const picked = new Set<number>();
  for (let attempt = 0; picked.size < STATIONS && attempt < STATIONS * 20; attempt++) {
    const star = await canon.queries.radioDraw(kind, name, random() * total);
    if (star !== undefined) picked.add(star);
  }
  return [...picked];
}

/** Radio rule 6: a weighted shuffle of the nebula's stations; the same seed gives the same order. */
export async function radio(canon: Canon, kind: string, name: string, seed: string | undefined) {
  if (kind !== 'genre' && kind !== 'style') throw skyErrors.not_found(`There is no radio kind "${kind.slice(0, 40)}"; use genre or style.`);
  const nebula = await canon.queries.nebula(kind, name);
  if (nebula === undefined) throw skyErrors.not_found(`No ${kind} is called "${name.slice(0, 200)}".`);
  const random = seed === undefined ? unseededRandom() : seededRandom(seed);
  const order =
    nebula.radio_size <= SHUFFLE_WHOLE
      ? weightedOrder((await canon.queries.radioMembers(kind, name)).map((m) => ({ item: m.star, odds: m.odds })), random, STATIONS)
      : await drawStations(canon, kind, name, random);
  const rows = new Map((await canon.queries.stations(order)).map((s) => [s.id, s]));
  return { name: nebula.name, kind: nebula.kind, stations: order.map((id) => rows.get(id)!).filter(Boolean) };
}

/** Signal rule 7: the day's faint playable star and four fallbacks, the same for everyone. */
export async function signal(canon: Canon, day: string) {
  const count = await canon.queries.signalCandidateCount();
  const picks = signalPicks(day, count, SIGNAL_STARS);
  const candidates = new Map((await canon.queries.signalCandidates(picks)).map((c) => [c.ordinal, c.star]));
  const ids = picks.map((p) => candidates.get(p)!).filter((id) => id !== undefined);
  const rows = new Map((await canon.queries.stations(ids)).map((s) => [s.id, s]));
  return { day, stars: ids.map((id) => rows.get(id)!).filter(Boolean) };
}
