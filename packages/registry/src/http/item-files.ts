import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

export interface ServedFile {
  readonly body: Buffer;
  /** Strong validator: a hash of the bytes. */
  readonly etag: string;
}

interface Cached extends ServedFile {
  readonly mtimeMs: number;
  readonly size: number;
  checkedAt: number;
}

// A rebuilt tree is noticed within this time without a stat on every request.
const RECHECK_MS = 1000;

/**
 * Reads files of the built tree by relative paths the routes have already
 * checked against the allowed shapes, and keeps them in memory with their
 * ETag, re-checking the file at most once a second.
 */
export class ItemFiles {
  readonly #root: string;
  readonly #cache = new Map<string, Cached>();

  constructor(root: string) {
    this.#root = root;
  }

  /** The real path of a file, only when it (after symbolic links) lies inside the root. */
  async #resolve(relativePath: string): Promise<string | undefined> {
    const root = await realpath(this.#root).catch(() => undefined);
    const real = await realpath(join(this.#root, relativePath)).catch(() => undefined);
    if (root === undefined || real === undefined) return undefined;
    const rel = relative(root, real);
    return rel === '' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? undefined : real;
  }

  /** The file as last read, only while that read is recent enough to answer without looking again. */
  recent(relativePath: string): ServedFile | undefined {
    const cached = this.#cache.get(relativePath);
    return cached && Date.now() - cached.checkedAt < RECHECK_MS ? cached : undefined;
  }

  async get(relativePath: string): Promise<ServedFile | undefined> {
    const recent = this.recent(relativePath);
    if (recent) return recent;
    const cached = this.#cache.get(relativePath);
    const now = Date.now();
    const path = await this.#resolve(relativePath);
    const info = path === undefined ? undefined : await stat(path).catch(() => undefined);
    if (!info?.isFile()) {
      this.#cache.delete(relativePath);
      return undefined;
    }
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      cached.checkedAt = now;
      return cached;
    }
    const body = await readFile(path!).catch(() => undefined);
    if (body === undefined) return undefined;
    const entry: Cached = { body, etag: etagOf(body), mtimeMs: info.mtimeMs, size: info.size, checkedAt: now };
    this.#cache.set(relativePath, entry);
    return entry;
  }
}

/** A strong validator: the bytes' SHA-256. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** `If-None-Match` uses the weak comparison: `W/` prefixes are ignored, `*` matches anything. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
