import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { AliasName } from '../item/target-path.ts';
import { InstallError } from './fetch-item.ts';

/** Where each alias points when the project has no `components.json` (or it names none). */
export const DEFAULT_ALIASES: Readonly<Record<AliasName, string>> = {
  components: 'src/components',
  ui: 'src/components/ui',
  lib: 'src/lib',
  hooks: 'src/hooks',
};

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Reads JSON that may carry comments and trailing commas, as tsconfig.json does. */
export function parseJsonc(text: string): unknown {
  const withoutComments = text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, string: string | undefined) => string ?? '');
  return JSON.parse(withoutComments.replace(/,(\s*[}\]])/g, '$1'));
}

async function readJson(path: string, label: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const value = parseJsonc(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new InstallError(`${label} is not a valid JSON object`);
}

/** `compilerOptions.paths` of tsconfig.json (or jsconfig.json), relative to its `baseUrl`. */
async function pathMappings(root: string): Promise<{ baseUrl: string; paths: Record<string, string[]> }> {
  const config = (await readJson(join(root, 'tsconfig.json'), 'tsconfig.json')) ?? (await readJson(join(root, 'jsconfig.json'), 'jsconfig.json'));
  const options = (config?.compilerOptions ?? {}) as { baseUrl?: unknown; paths?: unknown };
  const baseUrl = typeof options.baseUrl === 'string' ? options.baseUrl : '.';
  const paths = typeof options.paths === 'object' && options.paths !== null ? (options.paths as Record<string, string[]>) : {};
  return { baseUrl, paths };
}

/** Resolves one alias value: an import alias through the path mappings, or a path relative to the root. */
function resolveAlias(root: string, value: string, mappings: { baseUrl: string; paths: Record<string, string[]> }): string | undefined {
  for (const [pattern, targets] of Object.entries(mappings.paths)) {
    const first = Array.isArray(targets) ? targets[0] : undefined;
    if (typeof first !== 'string') continue;
    if (pattern.endsWith('*') && value.startsWith(pattern.slice(0, -1))) {
      return resolve(root, mappings.baseUrl, first.replace('*', value.slice(pattern.length - 1)));
    }
    if (pattern === value) return resolve(root, mappings.baseUrl, first);
  }
  if (value.startsWith('@') || value.startsWith('~') || value.startsWith('#')) return undefined;
  return resolve(root, value);
}

/** The absolute directory of each alias in the consumer project, each checked to lie inside it. */
export async function projectAliases(root: string): Promise<Record<AliasName, string>> {
  const components = await readJson(join(root, 'components.json'), 'components.json');
  const aliases = (components?.aliases ?? {}) as Record<string, unknown>;
  const mappings = await pathMappings(root);
  const out = {} as Record<AliasName, string>;
  for (const name of Object.keys(DEFAULT_ALIASES) as AliasName[]) {
    const value = typeof aliases[name] === 'string' ? (aliases[name] as string) : DEFAULT_ALIASES[name];
    const dir = resolveAlias(root, value, mappings);
    if (dir === undefined) throw new InstallError(`components.json: alias "${name}" (${value}) matches no compilerOptions.paths entry of tsconfig.json`);
    if (!isInside(root, dir)) throw new InstallError(`components.json: alias "${name}" (${value}) points outside the project`);
    out[name] = dir;
  }
  return out;
}
