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

/**
 * Fetches and validates the requested items and everything they depend on,
 * each URL once (cycles tolerated), and orders them so that dependencies come
 * before the items that need them. An invalid item refuses the whole tree.
 */
export async function resolveTree(urls: readonly string[], fetchJson: FetchJson): Promise<FetchedItem[]> {
  const fetched = new Map<string, RegistryItem>();
  const order: FetchedItem[] = [];
  const visiting = new Set<string>();

  async function visit(url: string): Promise<void> {
    if (visiting.has(url) || order.some((f) => f.url === url)) return;
    visiting.add(url);
    let item = fetched.get(url);
    if (item === undefined) {
      const value = await fetchJson(url);
      const fileName = nameInUrl(url);
      const problems = validateItem(value, fileName === undefined ? {} : { fileName });
      if (problems.length > 0) throw new InstallError(formatProblems(url, problems).join('\n'));
      item = value as RegistryItem;
      fetched.set(url, item);
    }
    for (const dependency of item.registryDependencies ?? []) await visit(dependency);
    order.push({ url, item });
  }

  for (const url of urls) await visit(url);
  return order;
}
