/**
 * Substring search over folded names, any term of 2 or more characters.
 *
 * Every name contributes each distinct bigram and trigram it contains. A
 * gram's posting list holds the ordinals (positions in rank order) of the
 * names containing it, ascending, so the best-ranked matches come first.
 * - 2-character term: its bigram list is exactly the answer.
 * - longer term: walk the rarest of its trigram lists in rank order, keep
 *   candidates present in the second-rarest list, confirm the substring on
 *   the name, stop once enough are found.
 */
/**
 * Names in rank order kept as one string and its offsets: three million
 * separate strings would each be an object for the garbage collector to
 * trace, and its pauses would show in every answer's latency.
 */
export class NameList {
  readonly #joined: string;
  readonly #offsets: Uint32Array;

  constructor(names: readonly string[]) {
    this.#offsets = new Uint32Array(names.length + 1);
    names.forEach((name, i) => (this.#offsets[i + 1] = this.#offsets[i]! + name.length));
    this.#joined = names.join('');
  }

  get length(): number {
    return this.#offsets.length - 1;
  }

  at(ordinal: number): string {
    return this.#joined.slice(this.#offsets[ordinal], this.#offsets[ordinal + 1]);
  }
}

export interface GramIndex {
  /** Folded names in rank order. */
  readonly names: NameList;
  /** gram → ascending ordinals. */
  readonly postings: ReadonlyMap<string, Uint32Array>;
}

/** The distinct grams of length `n` in a folded name, by code point. */
export function gramsOf(name: string, n: 2 | 3): Set<string> {
  const chars = [...name];
  const grams = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  return grams;
}

/**
 * Builds the postings of folded names given in rank order: one pass counts
 * each gram's names, a second fills preallocated arrays, so no per-name
 * lists are kept (3 million names stay within a few hundred megabytes).
 */
export function buildGramIndex(names: readonly string[]): GramIndex {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (const n of [2, 3] as const) for (const g of gramsOf(name, n)) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const postings = new Map<string, Uint32Array>();
  const filled = new Map<string, number>();
  for (const [g, n] of counts) {
    postings.set(g, new Uint32Array(n));
    filled.set(g, 0);
  }
  names.forEach((name, ordinal) => {
    for (const n of [2, 3] as const) {
      for (const g of gramsOf(name, n)) {
        const at = filled.get(g)!;
        postings.get(g)![at] = ordinal;
        filled.set(g, at + 1);
      }
    }
  });
  return { names: new NameList(names), postings };
}

/** First index in a sorted array at or after `from` whose value is ≥ `value` (galloping, then binary search). */
function seek(list: Uint32Array, value: number, from: number): number {
  let step = 1;
  let hi = from;
  while (hi < list.length && list[hi]! < value) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (list[mid]! < value) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/** Ordinals (best rank first) of up to `limit` names containing the folded term (2+ characters). */
export function searchGrams(index: GramIndex, term: string, limit: number): number[] {
  const length = [...term].length;
  if (length < 2 || limit <= 0) return [];
  if (length === 2) return Array.from((index.postings.get(term) ?? new Uint32Array()).subarray(0, limit));
  const lists: Uint32Array[] = [];
  for (const gram of gramsOf(term, 3)) {
    const list = index.postings.get(gram);
    if (list === undefined) return [];
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  const [rarest, second] = lists;
  const found: number[] = [];
  let at = 0;
  for (const ordinal of rarest!) {
    if (second !== undefined) {
      at = seek(second, ordinal, at);
      if (at >= second.length) break;
      if (second[at] !== ordinal) continue;
    }
    if (index.names.at(ordinal).includes(term)) {
      found.push(ordinal);
      if (found.length === limit) break;
    }
  }
  return found;
}
