import { lstat, readFile, realpath } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { splitTarget, type AliasName } from '../item/target-path.ts';
import { InstallError } from './fetch-item.ts';
import { isInside } from './project-paths.ts';
import type { FetchedItem } from './resolve-tree.ts';

export type WriteAction = 'create' | 'overwrite' | 'unchanged' | 'skip';

export interface PlannedWrite {
  readonly item: string;
  readonly path: string;
  /** The path relative to the project root, for messages. */
  readonly shown: string;
  readonly content: string;
  readonly action: WriteAction;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Where a target lands, checked beyond its text: the path must lie inside the
 * project, and so must the real path of its nearest existing ancestor (or of
 * the file itself), so a symbolic link cannot carry a write outside.
 */
async function safePath(root: string, realRoot: string, aliases: Record<AliasName, string>, target: string): Promise<string> {
  let split;
  try {
    split = splitTarget(target);
  } catch (error) {
    throw new InstallError((error as Error).message);
  }
  const base = split.base === 'root' ? root : aliases[split.base];
  const path = resolve(base, split.rest);
  if (!isInside(root, path) || path === root) throw new InstallError(`target "${target}" lands outside the project`);
  let existing = path;
  while (!(await exists(existing))) existing = dirname(existing);
  const real = await realpath(existing).catch(() => undefined);
  if (real === undefined || !isInside(realRoot, real)) throw new InstallError(`target "${target}" passes through a symbolic link that points outside the project`);
  if (existing === path && (await lstat(real)).isDirectory()) throw new InstallError(`target "${target}" is a directory in the project`);
  return path;
}

/** Checks every file of every item before anything is written; throws on the first refusal. */
export async function planWrites(root: string, aliases: Record<AliasName, string>, items: readonly FetchedItem[], overwrite: boolean): Promise<PlannedWrite[]> {
  const realRoot = await realpath(root);
  const planned = new Map<string, PlannedWrite>();
  for (const { item } of items) {
    for (const file of item.files ?? []) {
      const path = await safePath(root, realRoot, aliases, file.target);
      const shown = relative(root, path);
      const earlier = planned.get(path);
      if (earlier && earlier.content !== file.content) throw new InstallError(`${item.name} and ${earlier.item} write different content to ${shown}`);
      const current = await readFile(path, 'utf8').catch(() => undefined);
      const action: WriteAction = current === undefined ? 'create' : current === file.content ? 'unchanged' : overwrite ? 'overwrite' : 'skip';
      planned.set(path, { item: item.name, path, shown, content: file.content, action });
    }
  }
  return [...planned.values()];
}
