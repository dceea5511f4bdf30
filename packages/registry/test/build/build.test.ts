import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runProgramProcess } from '@quartet/common/testing';
import { runBuild } from '../../src/build/build-command.ts';
import { demoManifest, tempDir, writeTree } from '../fixtures.ts';

const BASE = 'https://ui.example.com';

async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1)).sort();
}

const manifest = (items: unknown[], extra: Record<string, unknown> = {}) => ({ name: '@acme/ui', homepage: 'https://acme.example', version: '1.4.2', items, ...extra });
const buttonItem = { name: 'button', type: 'registry:ui', title: 'Button', description: 'A button.', dependencies: ['@acme/ui', '@acme/ui@^0.1.0', 'clsx'], registryDependencies: ['utils'], files: [{ path: 'src/button.tsx', type: 'registry:ui', target: '@ui/button.tsx' }] };
const utilsItem = { name: 'utils', type: 'registry:file', title: 'Utils', description: 'Helpers.', registryDependencies: [`${BASE}/r/button.json`], files: [{ path: 'src/utils.ts', type: 'registry:lib', target: '@lib/utils.ts' }] };

describe('registry build', () => {
  it('writes latest items, the pinned snapshot and the index, rewriting dependencies and pinning the own package', async () => {
    const dir = await tempDir();
    try {
      await writeTree(dir.path, { 'registry.json': manifest([buttonItem, utilsItem]), 'src/button.tsx': 'export const Button = 1;\n', 'src/utils.ts': 'export const cn = 2;\n' });
      assert.deepEqual(await runBuild({ manifestPath: join(dir.path, 'registry.json'), outDir: join(dir.path, 'out'), baseUrl: `${BASE}/` }), []);
      assert.deepEqual(await listTree(join(dir.path, 'out')), ['r/button.json', 'r/index.json', 'r/utils.json', 'r/v1.4/button.json', 'r/v1.4/utils.json']);
      const latest = JSON.parse(await readFile(join(dir.path, 'out/r/button.json'), 'utf8'));
      assert.deepEqual(latest.dependencies, ['@acme/ui@1.4.2', '@acme/ui@1.4.2', 'clsx']);
      assert.deepEqual(latest.registryDependencies, [`${BASE}/r/utils.json`]);
      assert.equal(latest.files[0].content, 'export const Button = 1;\n');
      const pinned = JSON.parse(await readFile(join(dir.path, 'out/r/v1.4/button.json'), 'utf8'));
      assert.deepEqual(pinned.registryDependencies, [`${BASE}/r/v1.4/utils.json`]);
      // A dependency cycle (button → utils → button) builds; inside the snapshot it points into the snapshot.
      const pinnedUtils = JSON.parse(await readFile(join(dir.path, 'out/r/v1.4/utils.json'), 'utf8'));
      assert.deepEqual(pinnedUtils.registryDependencies, [`${BASE}/r/v1.4/button.json`]);
      assert.deepEqual(JSON.parse(await readFile(join(dir.path, 'out/r/index.json'), 'utf8')), [
        { name: 'button', type: 'registry:ui', title: 'Button', description: 'A button.' },
        { name: 'utils', type: 'registry:file', title: 'Utils', description: 'Helpers.' },
      ]);
    } finally {
      await dir.remove();
    }
  });

  it('gives byte-identical output for the same input', async () => {
    const dir = await tempDir();
    try {
      const a = join(dir.path, 'a');
      const b = join(dir.path, 'b');
      assert.deepEqual(await runBuild({ manifestPath: demoManifest, outDir: a, baseUrl: BASE }), []);
      assert.deepEqual(await runBuild({ manifestPath: demoManifest, outDir: b, baseUrl: BASE }), []);
      const files = await listTree(a);
      assert.deepEqual(files, await listTree(b));
      for (const file of files) assert.ok((await readFile(join(a, file))).equals(await readFile(join(b, file))), file);
    } finally {
      await dir.remove();
    }
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['an invalid item', { 'registry.json': manifest([buttonItem, { ...utilsItem, title: '' }]) }, /^r\/utils\.json: \/title: must not be empty$/m],
    ['a bare dependency on an unknown item', { 'registry.json': manifest([{ ...buttonItem, registryDependencies: ['nope'] }, utilsItem]) }, /r\/button\.json: \/registryDependencies\/0: must name an item of this registry/],
    ['a dependency URL into another registry', { 'registry.json': manifest([{ ...buttonItem, registryDependencies: ['https://other.example/r/utils.json'] }, utilsItem]) }, /r\/button\.json: \/registryDependencies\/0/],
    ['a source path outside the manifest folder', { 'registry.json': manifest([buttonItem, { ...utilsItem, files: [{ path: '../../../etc/passwd', type: 'registry:lib', target: '@lib/x.ts' }] }]) }, /r\/utils\.json: \/files\/0\/path: must stay inside/],
    ['an absolute source path', { 'registry.json': manifest([buttonItem, { ...utilsItem, files: [{ path: '/etc/passwd', type: 'registry:lib', target: '@lib/x.ts' }] }]) }, /\/files\/0\/path: must be a path relative to the manifest/],
    ['a missing source file', { 'registry.json': manifest([buttonItem, { ...utilsItem, files: [{ path: 'src/none.ts', type: 'registry:lib', target: '@lib/x.ts' }] }]) }, /\/files\/0\/path: no file at "src\/none.ts"/],
    ['content in the manifest', { 'registry.json': manifest([buttonItem, { ...utilsItem, files: [{ path: 'src/utils.ts', type: 'registry:lib', target: '@lib/x.ts', content: 'x' }] }]) }, /\/files\/0\/content: the manifest carries no content/],
    ['duplicate item names', { 'registry.json': manifest([buttonItem, utilsItem, utilsItem]) }, /item names must be unique/],
    ['a bad version', { 'registry.json': manifest([buttonItem, utilsItem], { version: 'v1' }) }, /\/version: must be a version/],
    ['an unknown manifest property', { 'registry.json': manifest([buttonItem, utilsItem], { extra: 1 }) }, /\/extra: unknown property/],
    ['broken JSON', { 'registry.json': '{"name": ' }, /is not valid JSON/],
  ];
  for (const [why, files, message] of refusals) {
    it(`refuses ${why}, writes nothing and exits 1`, async () => {
      const dir = await tempDir();
      try {
        await writeTree(dir.path, { 'src/button.tsx': 'b', 'src/utils.ts': 'u', ...files });
        const result = await runProgramProcess('registry', ['build', '--manifest', join(dir.path, 'registry.json'), '--out', join(dir.path, 'out'), '--base-url', BASE]);
        assert.equal(result.code, 1, result.stdout + result.stderr);
        assert.match(result.stdout, message);
        assert.deepEqual(await listTree(join(dir.path, 'out')), []);
      } finally {
        await dir.remove();
      }
    });
  }

  it('refuses a bad --base-url with exit code 2', async () => {
    const result = await runProgramProcess('registry', ['build', '--base-url', 'ftp://x']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /invalid setting --base-url="ftp:\/\/x"/);
  });
});

describe('registry validate', () => {
  it('exits 0 for valid items and 1 with FILE: /pointer: reason lines otherwise', async () => {
    const dir = await tempDir();
    try {
      const good = { name: 'good', type: 'registry:file', title: 'Good', description: 'Fine.' };
      await writeTree(dir.path, { 'good.json': good, 'bad.json': { ...good, name: 'bad', extra: true, title: '' }, 'misnamed.json': good, 'broken.json': '{' });
      const ok = await runProgramProcess('registry', ['validate', join(dir.path, 'good.json')]);
      assert.equal(ok.code, 0);
      assert.equal(ok.stdout, '');
      const bad = await runProgramProcess('registry', ['validate', join(dir.path, 'good.json'), join(dir.path, 'bad.json'), join(dir.path, 'misnamed.json'), join(dir.path, 'broken.json')]);
      assert.equal(bad.code, 1);
      const lines = bad.stdout.trim().split('\n').map((l) => l.replace(dir.path + '/', ''));
      assert.deepEqual(lines.slice(0, 3), [
        'bad.json: /extra: unknown property "extra"',
        'bad.json: /title: must not be empty',
        'misnamed.json: /name: must equal the item\'s file name "misnamed"',
      ]);
      assert.match(lines[3]!, /^broken\.json: \/: not valid JSON \(.+\)$/);
      assert.equal(lines.length, 4);
      const none = await runProgramProcess('registry', ['validate']);
      assert.equal(none.code, 2);
    } finally {
      await dir.remove();
    }
  });
});
