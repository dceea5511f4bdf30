import { formatProblems, validateItem } from '../item/validate-item.ts';
import type { RegistryItem } from '../item/registry-item.ts';
import { InstallError, type FetchJson } from './fetch-item.ts';

export interface FetchedItem {
  readonly url: string;
  readonly item: RegistryItem;
}

/** The file name an item URL ends with, without `.json`. */
export function nameInUrl(url: string): string | undefined {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  return /\/([^/]+)\.json$/.exec(path)?.[1];
}

/** Fetches and validates one item; a refusal is kept as the error to report. */
async function fetchItem(url: string, fetchJson: FetchJson): Promise<RegistryItem | InstallError> {
  try {
    const value = await fetchJson(url);
    const fileName = nameInUrl(url);
    const problems = validateItem(value, fileName === undefined ? {} : { fileName });
    return problems.length > 0 ? new InstallError(formatProblems(url, problems).join('\n')) : (value as RegistryItem);
  } catch (error) {
    if (error instanceof InstallError) return error;
    throw error;
  }
}

/**
 * Fetches and validates the requested items and everything they depend on,
 * each URL once, a level of the tree at a time in parallel, then orders them
 * so that dependencies come before the items that need them (cycles
 * tolerated). An invalid item refuses the whole tree.
 */
export async function resolveTree(urls: readonly string[], fetchJson: FetchJson): Promise<FetchedItem[]> {
  const fetched = new Map<string, RegistryItem | InstallError>();
  let level = [...new Set(urls)];
  while (level.length > 0) {
    const items = await Promise.all(level.map((url) => fetchItem(url, fetchJson)));
    level.forEach((url, i) => fetched.set(url, items[i]!));
    const next = items.flatMap((item) => (item instanceof InstallError ? [] : (item.registryDependencies ?? [])));
    level = [...new Set(next)].filter((url) => !fetched.has(url));
  }

  const order: FetchedItem[] = [];
  const visited = new Set<string>();
  const visit = (url: string) => {
    if (visited.has(url)) return;
    visited.add(url);
    const item = fetched.get(url)!;
    if (item instanceof InstallError) throw item;
    for (const dependency of item.registryDependencies ?? []) visit(dependency);
    order.push({ url, item });
  };
  for (const url of urls) visit(url);
  return order;
}
