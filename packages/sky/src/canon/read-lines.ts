import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Streams a JSON Lines file: yields each non-blank line with its 1-based
 * number. The file is never held in memory whole.
 */
export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() !== '') yield { line, text };
  }
}
