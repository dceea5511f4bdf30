import type { Entry } from '../domain/stream.ts';

/**
 * Entries are stored in chunks: runs of consecutive entries of one append,
 * with their links, data sizes and data each packed into one byte string.
 * A page of 8 MiB then costs a few dozen rows instead of thousands, which is
 * what reading is dominated by. Chunks stay small enough that a reader
 * asking for one entry copies little more than that entry.
 */
export const CHUNK_DATA_BYTES = 128 * 1024;
export const CHUNK_ENTRIES = 1024;

const LINK_BYTES = 32;
const SIZE_BYTES = 4;

export interface Chunk {
  readonly first_seq: number;
  readonly last_seq: number;
  readonly epoch: number;
  /** The links of the entries, 32 bytes each, in position order. */
  readonly hashes: Uint8Array;
  /** The data length of each entry, 4 bytes big-endian. */
  readonly sizes: Uint8Array;
  /** The entries' data, one after the other. */
  readonly data: Uint8Array;
}

function pack(entries: readonly Entry[]): Chunk {
  const hashes = Buffer.allocUnsafe(entries.length * LINK_BYTES);
  const sizes = Buffer.allocUnsafe(entries.length * SIZE_BYTES);
  entries.forEach((e, i) => {
    hashes.set(e.hash, i * LINK_BYTES);
    sizes.writeUInt32BE(e.data.byteLength, i * SIZE_BYTES);
  });
  const first = entries[0]!;
  return {
    first_seq: first.seq,
    last_seq: entries.at(-1)!.seq,
    epoch: first.epoch,
    hashes,
    sizes,
    data: Buffer.concat(entries.map((e) => e.data)),
  };
}

/** Splits the consecutive entries of one append into chunks; an entry larger than a chunk has one of its own. */
export function packChunks(entries: readonly Entry[]): Chunk[] {
  const chunks: Chunk[] = [];
  let run: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entry.data.byteLength;
    if (run.length > 0 && (run.length === CHUNK_ENTRIES || bytes + size > CHUNK_DATA_BYTES)) {
      chunks.push(pack(run));
      run = [];
      bytes = 0;
    }
    run.push(entry);
    bytes += size;
  }
  if (run.length > 0) chunks.push(pack(run));
  return chunks;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The entries of a chunk positioned after `afterSeq`, as views of the chunk's bytes. */
export function* unpackChunk(chunk: Chunk, afterSeq: number): Generator<Entry> {
  const sizes = view(chunk.sizes);
  let offset = 0;
  for (let seq = chunk.first_seq, i = 0; seq <= chunk.last_seq; seq++, i++) {
    const size = sizes.getUint32(i * SIZE_BYTES);
    if (seq > afterSeq) {
      const hash = chunk.hashes.subarray(i * LINK_BYTES, (i + 1) * LINK_BYTES);
      yield { seq, epoch: chunk.epoch, hash, data: chunk.data.subarray(offset, offset + size) };
    }
    offset += size;
  }
}

/** The entries after `afterSeq` of chunks read in position order. */
export function* unpackChunks(chunks: Iterable<Chunk>, afterSeq: number): Generator<Entry> {
  for (const chunk of chunks) yield* unpackChunk(chunk, afterSeq);
}

/** The data sizes of the entries positioned after `afterSeq` in chunks read in position order. */
export function* chunkSizes(chunks: Iterable<Pick<Chunk, 'first_seq' | 'last_seq' | 'sizes'>>, afterSeq: number): Generator<number> {
  for (const chunk of chunks) {
    const sizes = view(chunk.sizes);
    for (let seq = Math.max(chunk.first_seq, afterSeq + 1); seq <= chunk.last_seq; seq++) yield sizes.getUint32((seq - chunk.first_seq) * SIZE_BYTES);
  }
}

/** The link of the entry at `seq`, which the chunk holds. */
export function linkIn(chunk: Pick<Chunk, 'first_seq' | 'hashes'>, seq: number): Uint8Array {
  const at = (seq - chunk.first_seq) * LINK_BYTES;
  return chunk.hashes.subarray(at, at + LINK_BYTES);
}
