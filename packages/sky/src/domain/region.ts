/** The region answer's rule: the most common main style and main genre among the stars considered. */
import { compareText } from './card-order.ts';

/** The most frequent non-null value; ties by code-point order ascending; null when there is none. */
export function mostCommon(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null && value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && compareText(value, best) < 0)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}
