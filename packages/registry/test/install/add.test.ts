import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProgramProcess, startServer, type RunningServer } from '@quartet/common/testing';
import { runBuild } from '../../src/build/build-command.ts';
import { demoManifest, tempDir, writeTree } from '../fixtures.ts';

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => join(e.parentPath, e.name).slice(root.length + 1)).sort();
}

const consumerFiles = {
  'package.json': { name: 'consumer', private: true, version: '1.0.0', dependencies: { react: '^19.0.0' } },
  'tsconfig.json': '{\n  // the app\'s paths\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"], }, },\n}\n',
  'components.json': { aliases: { components: '@/components', ui: '@/components/ui', lib: '@/lib', hooks: '@/hooks' } },
};

describe('registry add', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let server: RunningServer;
  let tree: string;
  let n = 0;
  const item = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'registry:file', title: `Item ${name}`, description: 'For tests.', ...extra });
  const url = (name: string) => `${server.url}/r/${name}.json`;
  const project = async (files: Record<string, unknown> = consumerFiles) => {
    const root = join(dir.path, `project-${n++}`);
    await mkdir(root, { recursive: true });
    await writeTree(root, files);
    return root;
  };
  const add = (root: string, ...args: string[]) => runProgramProcess('registry', ['add', ...args, '--cwd', root, '--no-install']);

  before(async () => {
    dir = await tempDir();
    tree = join(dir.path, 'public');
    server = await startServer('registry', ['--dir', tree]);
    assert.deepEqual(await runBuild({ manifestPath: demoManifest, outDir: tree, baseUrl: server.url }), []);
    const file = (target: string, content = `// ${target}\n`) => ({ path: 'x', type: 'registry:lib', target, content });
    await writeTree(tree, {
      'r/cycle-a.json': item('cycle-a', { registryDependencies: [url('cycle-b')], files: [file('@lib/a.ts')] }),
      'r/cycle-b.json': item('cycle-b', { registryDependencies: [url('cycle-a')], files: [file('@lib/b.ts')] }),
      'r/broken.json': item('broken', { title: '', files: [file('@lib/broken.ts')] }),
      'r/needs-broken.json': item('needs-broken', { registryDependencies: [url('broken')], files: [file('@lib/first.ts')] }),
      'r/escape.json': item('escape', { files: [file('@lib/fine.ts'), file('@ui/evil.tsx')] }),
      'r/traversal.json': item('traversal', { files: [file('~/../../outside.ts')] }),
      'r/misnamed.json': item('other-name'),
      'r/huge.json': item('huge', { files: [file('@lib/huge.ts', 'x'.repeat(10 * 1024 * 1024))] }),
      'r/not-json.json': 'this is not JSON',
      'r/hook.json': item('hook', { files: [{ path: 'x', type: 'registry:hook', target: '@hooks/use-thing.ts', content: 'export {}\n' }, file('@components/card.tsx')] }),
    });
  });
  after(async () => {
    await server?.stop();
    await dir?.remove();
  });

  it('installs an item and its dependencies first, through @/ aliases resolved by tsconfig paths', async () => {
    const root = await project();
    const result = await add(root, url('starter'));
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(await listFiles(root), ['components.json', 'package.json', 'src/components/ui/button.tsx', 'src/lib/utils.ts', 'src/styles/accent.css', 'tsconfig.json']);
    const order = [...result.stdout.matchAll(/^Installing (.+) \((.+)\)$/gm)].map((m) => m[2]);
    assert.deepEqual(order, ['utils', 'button', 'accent', 'starter']);
    assert.match(result.stdout, /Button: Import it with/);
    assert.match(result.stdout, /Starter set: Add src\/styles\/accent.css/);
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    assert.deepEqual(pkg.dependencies, { react: '^19.0.0', clsx: '^2.1.1' });
    assert.match(await readFile(join(root, 'src/components/ui/button.tsx'), 'utf8'), /export function Button/);
  });

  it('uses src/components, src/components/ui, src/lib and src/hooks without components.json', async () => {
    const root = await project({ 'package.json': { name: 'bare' } });
    const result = await add(root, url('hook'), url('button'));
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(await listFiles(root), ['package.json', 'src/components/card.tsx', 'src/components/ui/button.tsx', 'src/hooks/use-thing.ts', 'src/lib/utils.ts']);
  });

  it('uses aliases given as paths relative to the root', async () => {
    const root = await project({ 'components.json': { aliases: { ui: 'app/ui', lib: './app/lib' } } });
    assert.equal((await add(root, url('button'))).code, 0);
    assert.deepEqual(await listFiles(root), ['app/lib/utils.ts', 'app/ui/button.tsx', 'components.json', 'package.json']);
  });

  it('tolerates dependency cycles, installing each item once', async () => {
    const root = await project();
    const result = await add(root, url('cycle-a'));
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual([...result.stdout.matchAll(/^Installing .+ \((.+)\)$/gm)].map((m) => m[1]), ['cycle-b', 'cycle-a']);
    assert.deepEqual((await listFiles(root)).filter((f) => f.startsWith('src/')), ['src/lib/a.ts', 'src/lib/b.ts']);
  });

  const refused: [string, string, RegExp][] = [
    ['an invalid dependency', 'needs-broken', /\/r\/broken\.json: \/title: must not be empty/],
    ['a name other than its file name', 'misnamed', /\/r\/misnamed\.json: \/name: must equal the item's file name "misnamed"/],
    ['a target climbing out with ..', 'traversal', /\/r\/traversal\.json: \/files\/0\/target: must not contain "\.\."/],
    ['an item over the size limit', 'huge', /over 4194304 bytes/],
    ['an answer that is not JSON', 'not-json', /is not JSON/],
    ['an item the registry does not have', 'missing', /answered 404/],
  ];
  for (const [why, name, message] of refused) {
    it(`refuses ${why} and writes nothing`, async () => {
      const root = await project();
      const before = await listFiles(root);
      const result = await add(root, url('accent'), url(name));
      assert.equal(result.code, 1);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /Nothing was written\./);
      assert.deepEqual(await listFiles(root), before);
    });
  }

  it('refuses a target behind a symbolic link that points out of the project, writing nothing', async () => {
    const outside = join(dir.path, 'outside');
    await mkdir(outside, { recursive: true });
    const root = await project();
    await mkdir(join(root, 'src/components'), { recursive: true });
    await symlink(outside, join(root, 'src/components/ui'));
    const result = await add(root, url('escape'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /symbolic link that points outside the project/);
    assert.deepEqual(await listFiles(outside), []);
    assert.deepEqual((await listFiles(root)).filter((f) => f.startsWith('src/lib')), []);
  });

  it('refuses an existing file that is a symbolic link pointing out', async () => {
    const outside = join(dir.path, 'outside-file.ts');
    await writeFile(outside, 'keep');
    const root = await project();
    await mkdir(join(root, 'src/lib'), { recursive: true });
    await symlink(outside, join(root, 'src/lib/utils.ts'));
    const result = await add(root, url('utils'), '--overwrite');
    assert.equal(result.code, 1);
    assert.equal(await readFile(outside, 'utf8'), 'keep');
  });

  it('refuses an alias that points outside the project', async () => {
    const root = await project({ 'components.json': { aliases: { lib: '../elsewhere' } } });
    const result = await add(root, url('utils'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /alias "lib" \(\.\.\/elsewhere\) points outside the project/);
  });

  it('refuses an @/ alias that tsconfig paths do not resolve', async () => {
    const root = await project({ 'components.json': { aliases: { lib: '@/lib' } } });
    const result = await add(root, url('utils'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /matches no compilerOptions\.paths entry/);
  });

  it('leaves an existing file with other content alone unless --overwrite', async () => {
    const root = await project();
    await writeTree(root, { 'src/lib/utils.ts': 'mine\n' });
    const kept = await add(root, url('utils'));
    assert.equal(kept.code, 0);
    assert.match(kept.stdout, /skip src\/lib\/utils\.ts/);
    assert.match(kept.stderr, /src\/lib\/utils\.ts exists with other content; left alone/);
    assert.equal(await readFile(join(root, 'src/lib/utils.ts'), 'utf8'), 'mine\n');
    const replaced = await add(root, url('utils'), '--overwrite');
    assert.equal(replaced.code, 0);
    assert.match(await readFile(join(root, 'src/lib/utils.ts'), 'utf8'), /export function cn/);
    const again = await add(root, url('utils'));
    assert.match(again.stdout, /unchanged src\/lib\/utils\.ts/);
  });

  it('--dry-run prints what would be written and writes nothing', async () => {
    const root = await project();
    const before = await readFile(join(root, 'package.json'), 'utf8');
    const result = await add(root, url('starter'), '--dry-run');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /would create src\/components\/ui\/button\.tsx/);
    assert.match(result.stdout, /would add to package\.json: clsx@\^2\.1\.1/);
    assert.deepEqual(await listFiles(root), ['components.json', 'package.json', 'tsconfig.json']);
    assert.equal(await readFile(join(root, 'package.json'), 'utf8'), before);
  });

  it('refuses a bare name and a missing URL with exit code 2', async () => {
    const root = await project();
    const bare = await add(root, 'button');
    assert.equal(bare.code, 2);
    assert.match(bare.stderr, /not an item URL/);
    assert.equal((await runProgramProcess('registry', ['add'])).code, 2);
  });

  it('refuses a project directory that does not exist', async () => {
    const result = await add(join(dir.path, 'nope'), url('utils'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /no such project directory/);
  });
});
