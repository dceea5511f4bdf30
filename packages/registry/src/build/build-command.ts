import { mkdir, readFile, realpath, rename, writeFile } from 'node:fs/promises';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { buildRegistry, checkManifest, type Manifest } from './build-registry.ts';

const MAX_SOURCE_BYTES = 1024 * 1024;

export interface BuildOptions {
  readonly manifestPath: string;
  readonly outDir: string;
  readonly baseUrl: string;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** Reads item sources relative to the manifest, never from outside its folder. */
function sourceReader(manifestDir: string): (path: string) => string {
  const root = realpathSync(manifestDir);
  return (path) => {
    if (isAbsolute(path) || path.includes('\0')) throw new Error('must be a path relative to the manifest');
    const full = resolve(root, path);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      throw new Error(`no file at "${path}" next to the manifest`);
    }
    if (!inside(root, full) || !inside(root, real)) throw new Error('must stay inside the manifest\'s folder');
    if (statSync(real).size > MAX_SOURCE_BYTES) throw new Error(`the file is over ${MAX_SOURCE_BYTES} bytes`);
    return readFileSync(real, 'utf8');
  };
}

/** Returns the problems (empty when the tree was written). Writes nothing unless every item is valid. */
export async function runBuild(options: BuildOptions): Promise<string[]> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(options.manifestPath, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : 'cannot be read';
    return [`${options.manifestPath}: ${why}`];
  }
  const manifestProblems = checkManifest(manifest);
  if (manifestProblems.length > 0) return manifestProblems.map((p) => `${options.manifestPath}: ${p}`);

  const result = buildRegistry(manifest as Manifest, sourceReader(dirname(options.manifestPath)), options.baseUrl);
  if (result.problems.length > 0) return [...result.problems];

  await mkdir(options.outDir, { recursive: true });
  const out = await realpath(options.outDir);
  for (const [path, text] of result.outputs) {
    const target = join(out, path);
    await mkdir(dirname(target), { recursive: true });
    // Written beside and renamed, so a server reading the tree never sees half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, target);
  }
  return [];
}
