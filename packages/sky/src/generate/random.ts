/**
 * Seeded pseudo-random numbers for the canon generator.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG,
 * 32-bit variant): four 32-bit words of state, a counter that guarantees a
 * period of at least 2^32, and only additions, shifts and xors, so it runs
 * at full speed on V8's 32-bit integer paths. It is not cryptographic; it
 * only has to be fast, well mixed and identical on every run.
 *
 * One `Random` is reseeded per (seed, stream, index): the canon is generated
 * artist by artist, and anything one artist needs to know about another (a
 * namesake's name, a neighbour's role) is recomputed from that artist's own
 * stream, so no generation order can change the result.
 */

/** Named streams, so that two uses of the same index never share numbers. */
export const Stream = {
  plan: 1,
  identity: 2,
  artist: 3,
  label: 4,
  place: 5,
  catalogue: 6,
  profile: 7,
} as const;
export type StreamId = (typeof Stream)[keyof typeof Stream];

const TWO_32 = 4294967296;

/** MurmurHash3's finaliser: a bijection on 32-bit integers with full avalanche. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Random {
  #a = 0;
  #b = 0;
  #c = 0;
  #d = 1;
  #spare = Number.NaN;

  constructor(seed: number, stream: StreamId, index = 0) {
    this.reseed(seed, stream, index);
  }

  /**
   * Restarts the sequence for (seed, stream, index). Distinct triples give
   * distinct starting states: the seed's two 32-bit halves go through a
   * bijection each, and the index is stored as it is.
   */
  reseed(seed: number, stream: StreamId, index: number): void {
    const low = seed >>> 0;
    const high = Math.floor(seed / TWO_32) | 0;
    this.#a = mix32(low ^ Math.imul(stream, 0x9e3779b9));
    this.#b = mix32(high ^ Math.imul(stream, 0x7f4a7c15) ^ 0x5bd1e995);
    this.#c = index | 0;
    this.#d = 1;
    this.#spare = Number.NaN;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / TWO_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [low, high], both included. */
  between(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Standard normal deviate (Box-Muller, the second value kept for the next call). */
  normal(): number {
    const spare = this.#spare;
    if (spare === spare) {
      this.#spare = Number.NaN;
      return spare;
    }
    const u = 1 - this.float();
    const v = this.float();
    const r = Math.sqrt(-2 * Math.log(u));
    this.#spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Pareto deviate with minimum 1 and tail index `alpha` (heavier tail for smaller alpha). */
  pareto(alpha: number): number {
    return Math.pow(1 - this.float(), -1 / alpha);
  }

  /** Log-normal deviate exp(sigma * N(0, 1)). */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  /** An index drawn with probability proportional to `weights[i]`. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i] as number;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }
}

/** Shuffles `values` in place (Fisher-Yates). */
export function shuffle(values: Int32Array | Uint8Array, random: Random): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = values[i] as number;
    values[i] = values[j] as number;
    values[j] = t;
  }
}
