/**
 * Buffered JSON Lines output. Each row is encoded straight into a 1 MiB
 * buffer; a full buffer is set aside as a chunk, and the caller awaits
 * `flush()`, which hands the chunks to the file stream and waits for it to
 * drain when the disk is behind. Rows never pile up as strings (which would
 * keep the garbage collector busy), writes are a megabyte each, and memory
 * stays flat however large the canon.
 */
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

const CHUNK_BYTES = 1 << 20;

export class JsonlWriter {
  readonly path: string;
  #stream: WriteStream;
  #buffer: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #used = 0;
  #chunks: Buffer[] = [];
  #rows = 0;
  #failure: Error | null = null;

  constructor(path: string, stream: WriteStream) {
    this.path = path;
    this.#stream = stream;
    stream.on('error', (error: Error) => {
      this.#failure ??= error;
    });
  }

  /** Opens (creates or truncates) `path`; fails here, not later, when the file cannot be opened. */
  static async create(path: string): Promise<JsonlWriter> {
    const handle = await open(path, 'w');
    return new JsonlWriter(path, handle.createWriteStream({ highWaterMark: CHUNK_BYTES * 2 }));
  }

  get rows(): number {
    return this.#rows;
  }

  /** True when chunks wait to be flushed. */
  get full(): boolean {
    return this.#chunks.length > 0;
  }

  /** Appends one row: `json` must be one JSON object without a newline. */
  row(json: string): void {
    this.#rows++;
    // a UTF-16 code unit takes at most 3 bytes in UTF-8
    if (this.#used + json.length * 3 + 1 > CHUNK_BYTES) {
      this.#setAside();
      if (json.length * 3 + 1 > CHUNK_BYTES) {
        this.#chunks.push(Buffer.from(json + '\n', 'utf8'));
        return;
      }
    }
    this.#used += this.#buffer.write(json, this.#used);
    this.#buffer[this.#used++] = 10;
  }

  #setAside(): void {
    if (this.#used === 0) return;
    this.#chunks.push(this.#buffer.subarray(0, this.#used));
    this.#buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.#used = 0;
  }

  /** Writes the chunks set aside, and with `all` the partial buffer too. */
  async flush(all = false): Promise<void> {
    if (this.#failure !== null) throw this.#failure;
    if (all) this.#setAside();
    const chunks = this.#chunks;
    this.#chunks = [];
    for (const chunk of chunks) {
      if (!this.#stream.write(chunk)) await once(this.#stream, 'drain');
    }
  }

  /** Flushes, closes the file and answers its size in bytes. */
  async close(): Promise<number> {
    await this.flush(true);
    this.#stream.end();
    await finished(this.#stream);
    if (this.#failure !== null) throw this.#failure;
    return (await stat(this.path)).size;
  }

  /** Closes without flushing, after a failure elsewhere. */
  destroy(): void {
    this.#stream.destroy();
  }
}

/** The canon's files, in the contract's order. */
export const CANON_FILES = [
  'artists',
  'positions',
  'genres',
  'similarity',
  'influences',
  'places',
  'origins',
  'labels',
  'label_years',
  'artist_labels',
  'prose',
  'releases',
  'urls',
  'catalogue_artists',
] as const;
export type CanonFile = (typeof CANON_FILES)[number];
export type CanonWriters = Readonly<Record<CanonFile, JsonlWriter>>;

export async function openCanonWriters(dir: string): Promise<CanonWriters> {
  const writers: Partial<Record<CanonFile, JsonlWriter>> = {};
  try {
    for (const file of CANON_FILES) writers[file] = await JsonlWriter.create(join(dir, `${file}.jsonl`));
  } catch (error) {
    for (const writer of Object.values(writers)) writer.destroy();
    throw error;
  }
  return writers as CanonWriters;
}

/** Flushes every writer whose buffer is full. */
export async function flushFull(writers: CanonWriters): Promise<void> {
  for (const file of CANON_FILES) {
    const writer = writers[file];
    if (writer.full) await writer.flush();
  }
}

export function anyFull(writers: CanonWriters): boolean {
  for (const file of CANON_FILES) if (writers[file].full) return true;
  return false;
}
