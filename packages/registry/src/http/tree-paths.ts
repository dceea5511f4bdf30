import { ITEM_NAME } from '../item/registry-item.ts';
import type { ServedFile } from './item-files.ts';

const SNAPSHOT = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;
export const LATEST_CACHE = 'no-cache';
const SNAPSHOT_CACHE = 'public, max-age=31536000, immutable';

/** A file of the built tree, as the URL shapes of the contract allow it, with its caching rule. */
export interface TreeFile {
  /** Relative to the served directory; only ever built from checked names. */
  readonly path: string;
  readonly cacheControl: string;
}

/** `name.json` with a valid item name, or undefined: the only file names ever looked up. */
function itemFile(file: string): string | undefined {
  const name = file.endsWith('.json') ? file.slice(0, -5) : '';
  return ITEM_NAME.test(name) ? `${name}.json` : undefined;
}

/** `/r/{file}`: a latest item (or the index), revalidated on every use. */
export function latestFile(file: string): TreeFile | undefined {
  const name = itemFile(file);
  return name === undefined ? undefined : { path: `r/${name}`, cacheControl: LATEST_CACHE };
}

/** `/r/v<major>.<minor>/{file}`: a pinned snapshot, which never changes. */
export function snapshotFile(snapshot: string, file: string): TreeFile | undefined {
  const name = itemFile(file);
  return name === undefined || !SNAPSHOT.test(snapshot) ? undefined : { path: `r/${snapshot}/${name}`, cacheControl: SNAPSHOT_CACHE };
}

/** The tree file behind an already decoded URL path, by the same rules as the routes' parameters. */
export function treeFileOfPath(urlPath: string): TreeFile | undefined {
  const parts = urlPath.split('/');
  if (parts[0] !== '' || parts[1] !== 'r') return undefined;
  if (parts.length === 3) return latestFile(parts[2]!);
  return parts.length === 4 ? snapshotFile(parts[2]!, parts[3]!) : undefined;
}

/** The headers of a served file besides the framing ones, in the order both server paths send them. */
export function fileHeaders(file: ServedFile, cacheControl: string): Readonly<Record<string, string>> {
  return {
    etag: file.etag,
    'cache-control': cacheControl,
    'access-control-allow-origin': '*',
    'content-type': 'application/json; charset=utf-8',
  };
}
