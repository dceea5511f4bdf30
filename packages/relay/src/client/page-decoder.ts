import { decode } from 'cborg';

export interface DecodedEntry {
  readonly seq: number;
  readonly epoch: number;
  readonly hash: Uint8Array;
  readonly data: Uint8Array;
}

export interface DecodedPage {
  readonly stream: Uint8Array;
  readonly epoch: number;
  readonly head: number;
  readonly entries: DecodedEntry[];
}

/** Thrown when the page has a shape the fast path does not read (unknown keys, other widths): the generic decoder takes over. */
class OtherShape extends Error {}

/** Reads the relay's own page layout directly; entry data stays a view of the answer's bytes. */
class Reader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  head(major: number): number {
    if (this.at >= this.#bytes.length) throw new OtherShape();
    const first = this.#bytes[this.at++]!;
    if (first >> 5 !== major) throw new OtherShape();
    const info = first & 31;
    if (info < 24) return info;
    const width = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (width === 0 || this.at + width > this.#bytes.length) throw new OtherShape();
    const at = this.at;
    this.at += width;
    if (width === 1) return this.#view.getUint8(at);
    if (width === 2) return this.#view.getUint16(at);
    if (width === 4) return this.#view.getUint32(at);
    const big = this.#view.getBigUint64(at);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new OtherShape();
    return Number(big);
  }

  bytes(): Uint8Array {
    const length = this.head(2);
    if (this.at + length > this.#bytes.length) throw new OtherShape();
    const out = this.#bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  get done(): boolean {
    return this.at === this.#bytes.length;
  }
}

function readEntry(r: Reader): DecodedEntry {
  if (r.head(5) !== 4) throw new OtherShape();
  if (r.head(0) !== 0) throw new OtherShape();
  const seq = r.head(0);
  if (r.head(0) !== 1) throw new OtherShape();
  const epoch = r.head(0);
  if (r.head(0) !== 2) throw new OtherShape();
  const hash = r.bytes();
  if (r.head(0) !== 3) throw new OtherShape();
  return { seq, epoch, hash, data: r.bytes() };
}

function fastPage(bytes: Uint8Array): DecodedPage {
  const r = new Reader(bytes);
  if (r.head(5) !== 4 || r.head(0) !== 0) throw new OtherShape();
  const stream = r.bytes();
  if (r.head(0) !== 1) throw new OtherShape();
  const epoch = r.head(0);
  if (r.head(0) !== 2) throw new OtherShape();
  const head = r.head(0);
  if (r.head(0) !== 3) throw new OtherShape();
  const count = r.head(4);
  const entries: DecodedEntry[] = [];
  for (let i = 0; i < count; i++) entries.push(readEntry(r));
  if (!r.done) throw new OtherShape();
  return { stream, epoch, head, entries };
}

function genericPage(bytes: Uint8Array): DecodedPage {
  const page = decode(bytes, { useMaps: true }) as Map<number, unknown>;
  return {
    stream: page.get(0) as Uint8Array,
    epoch: page.get(1) as number,
    head: page.get(2) as number,
    entries: (page.get(3) as Map<number, unknown>[]).map((e) => ({ seq: e.get(0) as number, epoch: e.get(1) as number, hash: e.get(2) as Uint8Array, data: e.get(3) as Uint8Array })),
  };
}

/**
 * Decodes a Page. The relay's own layout (keys 0 to 3 in order, nothing
 * else) is read directly, several times faster than a generic decoder; any
 * other well-formed page (a later relay adding keys, say) goes through the
 * generic decoder, which ignores keys it does not know.
 */
export function decodePage(bytes: Uint8Array): DecodedPage {
  try {
    return fastPage(bytes);
  } catch (error) {
    if (error instanceof OtherShape) return genericPage(bytes);
    throw error;
  }
}
