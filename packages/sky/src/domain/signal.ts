/**
 * The daily signal's picks: a deterministic function of the day text alone
 * (and of how many candidates the canon has), so every server of the same
 * canon answers the same stars for the same day.
 *
 * The day seeds the shared generator (SHA-256 of `signal/v1/<day>`), so
 * consecutive days start from unrelated states. Picks are a partial
 * Fisher-Yates shuffle of the ordinals [0, candidateCount), kept sparse so a
 * sky of millions of candidates costs only `count` steps.
 */
import { seededRandom } from './random.ts';

/** Spec: the day's star plus four fallbacks. */
export const SIGNAL_STARS = 5;

/**
 * Distinct candidate ordinals in [0, candidateCount), the first being the
 * day's signal; min(count, candidateCount) of them; [] when there are no
 * candidates. Counts that are not non-negative safe integers give [].
 */
export function signalPicks(day: string, candidateCount: number, count = SIGNAL_STARS): number[] {
  if (!Number.isSafeInteger(candidateCount) || candidateCount <= 0) return [];
  if (!Number.isSafeInteger(count) || count <= 0) return [];
  const random = seededRandom(`signal/v1/${day}`);
  const wanted = Math.min(count, candidateCount);
  const swapped = new Map<number, number>();
  const picks: number[] = [];
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (candidateCount - i));
    const atJ = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    picks.push(atJ);
  }
  return picks;
}
