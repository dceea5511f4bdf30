import type { Random } from './random.ts';

/**
 * Zipf-like popularity over ranks 0..n-1: rank r is drawn with probability
 * proportional to 1 / (r + 1)^exponent. Sampling is a binary search over
 * the cumulative weights, so tables of a few hundred thousand ranks are fine.
 */
export class Zipf {
  readonly size: number;
  readonly #cumulative: Float64Array;

  constructor(size: number, exponent: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a Zipf table needs at least one rank, got ${size}`);
    this.size = size;
    this.#cumulative = new Float64Array(size);
    let total = 0;
    for (let r = 0; r < size; r++) {
      total += 1 / Math.pow(r + 1, exponent);
      this.#cumulative[r] = total;
    }
  }

  /** Probability of rank r. */
  share(rank: number): number {
    const c = this.#cumulative;
    const total = c[this.size - 1] as number;
    return ((c[rank] as number) - (rank > 0 ? (c[rank - 1] as number) : 0)) / total;
  }

  sample(random: Random): number {
    const c = this.#cumulative;
    const u = random.float() * (c[this.size - 1] as number);
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((c[mid] as number) > u) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}
