import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const demoManifest = fileURLToPath(new URL('../demo/registry.json', import.meta.url));

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'registry-test-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Writes files given as relative path → text (objects are written as JSON). */
export async function writeTree(root: string, files: Record<string, unknown>): Promise<void> {
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  }
}
