import { formatProblems, validateItem } from '../item/validate-item.ts';
import { FILE_KEY_ORDER, ITEM_KEY_ORDER, ITEM_NAME, type RegistryItem } from '../item/registry-item.ts';

/** `registry.json`: the registry's own package name, home page, release and items (files without content). */
export interface Manifest {
  readonly name: string;
  readonly homepage: string;
  readonly version: string;
  readonly items: readonly Record<string, unknown>[];
}

export interface BuildResult {
  /** Relative output path (`r/...`) → file text. Empty when there are problems. */
  readonly outputs: ReadonlyMap<string, string>;
  readonly problems: readonly string[];
}

const VERSION = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$/;

/** Serialises with a fixed property order and a final newline: the same input gives the same bytes. */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function ordered(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ITEM_KEY_ORDER) if (item[key] !== undefined) out[key] = item[key];
  for (const key of Object.keys(item)) if (!(key in out)) out[key] = item[key];
  if (Array.isArray(out.files)) {
    out.files = out.files.map((file: Record<string, unknown>) => {
      const f: Record<string, unknown> = {};
      for (const key of FILE_KEY_ORDER) if (file[key] !== undefined) f[key] = file[key];
      for (const key of Object.keys(file)) if (!(key in f)) f[key] = file[key];
      return f;
    });
  }
  return out;
}

export function checkManifest(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['/: the manifest must be a JSON object'];
  const m = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof m.name !== 'string' || !/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(m.name)) problems.push('/name: must be the npm package name of the registry\'s UI package');
  if (typeof m.homepage !== 'string' || m.homepage === '') problems.push('/homepage: must be a non-empty string');
  if (typeof m.version !== 'string' || !VERSION.test(m.version)) problems.push('/version: must be a version <major>.<minor>.<patch>');
  if (!Array.isArray(m.items) || !m.items.every((i) => typeof i === 'object' && i !== null && !Array.isArray(i))) problems.push('/items: must be an array of item objects');
  for (const key of Object.keys(m)) if (!['$schema', 'name', 'homepage', 'version', 'items'].includes(key)) problems.push(`/${key}: unknown property "${key}"`);
  return problems;
}

/**
 * Builds the latest items, the pinned `v<major>.<minor>` snapshot and the
 * index from a checked manifest. `readSource` returns a file's content from
 * its `path` (relative to the manifest) or throws with a sentence.
 */
export function buildRegistry(manifest: Manifest, readSource: (path: string) => string, baseUrl: string): BuildResult {
  const [, major, minor] = VERSION.exec(manifest.version)!;
  const snapshot = `v${major}.${minor}`;
  const base = baseUrl.replace(/\/+$/, '');
  const names = new Set(manifest.items.map((i) => i.name).filter((n): n is string => typeof n === 'string'));
  const problems: string[] = [];
  const outputs = new Map<string, string>();

  for (const [index, source] of manifest.items.entries()) {
    const label = typeof source.name === 'string' && ITEM_NAME.test(source.name) ? `r/${source.name}.json` : `registry.json#/items/${index}`;
    const itemProblems: string[] = [];
    const files = Array.isArray(source.files)
      ? source.files.map((file: Record<string, unknown>, f: number) => {
          if (typeof file !== 'object' || file === null) return file;
          if ('content' in file) itemProblems.push(`${label}: /files/${f}/content: the manifest carries no content; it is read from "path"`);
          if (typeof file.path !== 'string') return file;
          try {
            return { ...file, content: readSource(file.path) };
          } catch (error) {
            itemProblems.push(`${label}: /files/${f}/path: ${(error as Error).message}`);
            return file;
          }
        })
      : source.files;
    const dependencies = Array.isArray(source.dependencies)
      ? source.dependencies.map((d: unknown) => (d === manifest.name || (typeof d === 'string' && d.startsWith(`${manifest.name}@`)) ? `${manifest.name}@${manifest.version}` : d))
      : source.dependencies;
    const pointInto = (version: string | undefined) =>
      Array.isArray(source.registryDependencies)
        ? source.registryDependencies.map((dep: unknown, d: number) => {
            const target = dependencyName(dep, base);
            if (target === undefined || !names.has(target)) {
              itemProblems.push(`${label}: /registryDependencies/${d}: must name an item of this registry (a name from the manifest or a URL under ${base}/r/)`);
              return dep;
            }
            return `${base}/r/${version ? `${version}/` : ''}${target}.json`;
          })
        : source.registryDependencies;

    for (const [prefix, version] of [['r', undefined], [`r/${snapshot}`, snapshot]] as const) {
      const item = ordered({ ...source, files, dependencies, registryDependencies: pointInto(version) });
      const found = validateItem(item, typeof source.name === 'string' ? { fileName: source.name } : {});
      itemProblems.push(...formatProblems(label, found));
      if (typeof source.name === 'string') outputs.set(`${prefix}/${source.name}.json`, canonicalJson(item));
    }
    problems.push(...new Set(itemProblems));
  }
  if (names.size !== manifest.items.length) problems.push('registry.json: /items: item names must be unique');
  if (problems.length > 0) return { outputs: new Map(), problems };

  const index = manifest.items.map((i) => ({ name: i.name, type: i.type, title: i.title, description: i.description }));
  outputs.set('r/index.json', canonicalJson(index));
  return { outputs, problems };
}

/** The item name a dependency refers to: a bare name, or a URL under `{base}/r/` (pinned or not). */
function dependencyName(dep: unknown, base: string): string | undefined {
  if (typeof dep !== 'string') return undefined;
  if (ITEM_NAME.test(dep)) return dep;
  const prefix = `${base}/r/`;
  if (!dep.startsWith(prefix)) return undefined;
  return /^(?:v[0-9]+\.[0-9]+\/)?([a-z][a-z0-9-]*)\.json$/.exec(dep.slice(prefix.length))?.[1];
}

export type { RegistryItem };
