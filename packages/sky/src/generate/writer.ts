/**
 * Buffered JSON Lines output. Rows are appended to a string; once it passes
 * a chunk size the caller awaits `flush()`, which hands the chunk to the file
 * stream and waits for the stream to drain when the kernel is behind. One
 * large write per megabyte keeps the generator CPU-bound rather than
 * syscall-bound, and awaiting drain keeps memory flat.
 */
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

const CHUNK_CHARS = 1 << 20;

export class JsonlWriter {
  readonly path: string;
  #stream: WriteStream;
  #buffer = '';
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
    return new JsonlWriter(path, handle.createWriteStream({ highWaterMark: CHUNK_CHARS * 2 }));
  }

  get rows(): number {
    return this.#rows;
  }

  /** True when the buffer should be flushed before more rows are added. */
  get full(): boolean {
    return this.#buffer.length >= CHUNK_CHARS;
  }

  /** Appends one row: `json` must be one JSON object without a newline. */
  row(json: string): void {
    this.#buffer += json + '\n';
    this.#rows++;
  }

  async flush(): Promise<void> {
    if (this.#failure !== null) throw this.#failure;
    if (this.#buffer.length === 0) return;
    const chunk = this.#buffer;
    this.#buffer = '';
    if (!this.#stream.write(chunk)) await once(this.#stream, 'drain');
  }

  /** Flushes, closes the file and answers its size in bytes. */
  async close(): Promise<number> {
    await this.flush();
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
