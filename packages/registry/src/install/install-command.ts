import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { InstallError, type FetchJson } from './fetch-item.ts';
import { planWrites, type PlannedWrite } from './plan-writes.ts';
import { projectAliases } from './project-paths.ts';
import { resolveTree } from './resolve-tree.ts';

export interface AddOptions {
  readonly urls: readonly string[];
  readonly cwd: string;
  readonly overwrite: boolean;
  readonly dryRun: boolean;
  readonly install: boolean;
  readonly fetchJson: FetchJson;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** `pkg@range` → [pkg, range]; a bare name gets `latest`. */
function splitDependency(spec: string): [string, string] {
  const at = spec.indexOf('@', 1);
  return at === -1 ? [spec, 'latest'] : [spec.slice(0, at), spec.slice(at + 1)];
}

async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

async function addDependencies(root: string, specs: readonly string[], dryRun: boolean, out: (line: string) => void): Promise<boolean> {
  if (specs.length === 0) return false;
  const path = join(root, 'package.json');
  const text = await readFile(path, 'utf8').catch(() => undefined);
  const manifest = text === undefined ? { private: true } : (JSON.parse(text) as Record<string, unknown>);
  const dependencies = { ...(manifest.dependencies as Record<string, string> | undefined) };
  const added: string[] = [];
  for (const spec of specs) {
    const [name, range] = splitDependency(spec);
    if (dependencies[name] === range) continue;
    dependencies[name] = range;
    added.push(`${name}@${range}`);
  }
  if (added.length === 0) return false;
  out(`${dryRun ? 'would add' : 'add'} to package.json: ${added.join(', ')}`);
  if (!dryRun) await writeAtomically(path, `${JSON.stringify({ ...manifest, dependencies }, null, 2)}\n`);
  return true;
}

async function npmInstall(root: string): Promise<void> {
  const child = spawn('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new InstallError(`npm install failed with exit code ${code}`);
}

function report(write: PlannedWrite, dryRun: boolean): string {
  const verb = { create: 'create', overwrite: 'overwrite', unchanged: 'unchanged', skip: 'skip' }[write.action];
  return `  ${dryRun && write.action !== 'unchanged' && write.action !== 'skip' ? `would ${verb}` : verb} ${write.shown}`;
}

/** The installer: fetch, validate and resolve the tree, check every target, then write. Returns the exit code. */
export async function runAdd(options: AddOptions): Promise<number> {
  const root = resolve(options.cwd);
  if (!(await stat(root).then((s) => s.isDirectory(), () => false))) throw new InstallError(`${options.cwd}: no such project directory`);
  const items = await resolveTree(options.urls, options.fetchJson);
  const aliases = await projectAliases(root);
  const writes = await planWrites(root, aliases, items, options.overwrite);

  for (const { item } of items) {
    options.out(`${options.dryRun ? 'Would install' : 'Installing'} ${item.title} (${item.name})`);
    for (const write of writes.filter((w) => w.item === item.name)) {
      options.out(report(write, options.dryRun));
      if (write.action === 'skip') options.err(`${write.shown} exists with other content; left alone (use --overwrite to replace it)`);
      if (!options.dryRun && (write.action === 'create' || write.action === 'overwrite')) await writeAtomically(write.path, write.content);
    }
  }
  const specs = [...new Set(items.flatMap(({ item }) => item.dependencies ?? []))];
  const changed = await addDependencies(root, specs, options.dryRun, options.out);
  if (changed && options.install && !options.dryRun) await npmInstall(root);
  for (const { item } of items) if (item.docs) options.out(`\n${item.title}: ${item.docs}`);
  return 0;
}
