import type { Entry } from '../domain/stream.ts';

/**
 * Encodes a Page straight into one buffer sized up front: a read answer is
 * mostly entry data, which is copied once instead of through an object
 * tree. The output is the deterministic CBOR that a generic encoder writes
 * for the same map (checked by a test against cborg).
 */
const MAJOR_UINT = 0;
const MAJOR_BYTES = 2;
const MAJOR_ARRAY = 4;
const MAJOR_MAP = 5;

function headSize(value: number): number {
  if (value < 24) return 1;
  if (value < 0x100) return 2;
  if (value < 0x10000) return 3;
  if (value < 0x100000000) return 5;
  return 9;
}

class Writer {
  readonly bytes: Uint8Array;
  #view: DataView;
  #at = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.#view = new DataView(this.bytes.buffer);
  }

  head(major: number, value: number): void {
    const type = major << 5;
    if (value < 24) this.bytes[this.#at++] = type | value;
    else if (value < 0x100) {
      this.bytes[this.#at++] = type | 24;
      this.bytes[this.#at++] = value;
    } else if (value < 0x10000) {
      this.bytes[this.#at++] = type | 25;
      this.#view.setUint16(this.#at, value);
      this.#at += 2;
    } else if (value < 0x100000000) {
      this.bytes[this.#at++] = type | 26;
      this.#view.setUint32(this.#at, value);
      this.#at += 4;
    } else {
      this.bytes[this.#at++] = type | 27;
      this.#view.setBigUint64(this.#at, BigInt(value));
      this.#at += 8;
    }
  }

  byteString(data: Uint8Array): void {
    this.head(MAJOR_BYTES, data.byteLength);
    this.bytes.set(data, this.#at);
    this.#at += data.byteLength;
  }
}

const bytesSize = (data: Uint8Array) => headSize(data.byteLength) + data.byteLength;
// A map of four small keys (one byte each).
const MAP4 = 1 + 4;

export function encodePage(page: { stream: Uint8Array; epoch: number; head: number; entries: readonly Entry[] }): Uint8Array {
  let size = MAP4 + bytesSize(page.stream) + headSize(page.epoch) + headSize(page.head) + headSize(page.entries.length);
  for (const e of page.entries) size += MAP4 + headSize(e.seq) + headSize(e.epoch) + bytesSize(e.hash) + bytesSize(e.data);
  const w = new Writer(size);
  w.head(MAJOR_MAP, 4);
  w.head(MAJOR_UINT, 0);
  w.byteString(page.stream);
  w.head(MAJOR_UINT, 1);
  w.head(MAJOR_UINT, page.epoch);
  w.head(MAJOR_UINT, 2);
  w.head(MAJOR_UINT, page.head);
  w.head(MAJOR_UINT, 3);
  w.head(MAJOR_ARRAY, page.entries.length);
  for (const e of page.entries) {
    w.head(MAJOR_MAP, 4);
    w.head(MAJOR_UINT, 0);
    w.head(MAJOR_UINT, e.seq);
    w.head(MAJOR_UINT, 1);
    w.head(MAJOR_UINT, e.epoch);
    w.head(MAJOR_UINT, 2);
    w.byteString(e.hash);
    w.head(MAJOR_UINT, 3);
    w.byteString(e.data);
  }
  return w.bytes;
}
