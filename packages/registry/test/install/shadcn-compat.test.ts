import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProgramProcess, startServer, type RunningServer } from '@quartet/common/testing';
import { runBuild } from '../../src/build/build-command.ts';
import { demoManifest, tempDir, writeTree } from '../fixtures.ts';
import { SHADCN_CONSUMER, startColoursServer } from '../shadcn-consumer.ts';

/** The shadcn CLI's entry point, or undefined when the package is not installed. */
function shadcnBin(): string | undefined {
  try {
    // The package exports no package.json; its main entry is also its bin (dist/index.js).
    return createRequire(import.meta.url).resolve('shadcn');
  } catch {
    return undefined;
  }
}

const bin = shadcnBin();
describe('compatibility with the shadcn CLI', { skip: bin === undefined ? 'the shadcn package is not installed' : false }, () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let registry: RunningServer;
  let colours: Server;
  let coloursUrl: string;

  before(async () => {
    dir = await tempDir();
    registry = await startServer('registry', ['--dir', join(dir.path, 'public')]);
    assert.deepEqual(await runBuild({ manifestPath: demoManifest, outDir: join(dir.path, 'public'), baseUrl: registry.url }), []);
    ({ server: colours, url: coloursUrl } = await startColoursServer());
  });
  after(async () => {
    await registry?.stop();
    colours?.close();
    await dir?.remove();
  });

  it('installs the demo set with `shadcn add URL` to the same places and bytes as `registry add`', async () => {
    const theirs = join(dir.path, 'theirs');
    const ours = join(dir.path, 'ours');
    await writeTree(theirs, SHADCN_CONSUMER);
    await writeTree(ours, SHADCN_CONSUMER);
    const url = `${registry.url}/r/starter.json`;

    const child = spawn(process.execPath, [bin!, 'add', url, '--yes'], { cwd: theirs, env: { ...process.env, REGISTRY_URL: coloursUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0, output);

    const result = await runProgramProcess('registry', ['add', url, '--cwd', ours, '--no-install']);
    assert.equal(result.code, 0, result.stderr);

    for (const file of ['src/components/ui/button.tsx', 'src/lib/utils.ts', 'src/styles/accent.css']) {
      assert.equal(await readFile(join(ours, file), 'utf8'), await readFile(join(theirs, file), 'utf8'), file);
    }
    const theirDeps = JSON.parse(await readFile(join(theirs, 'package.json'), 'utf8')).dependencies;
    const ourDeps = JSON.parse(await readFile(join(ours, 'package.json'), 'utf8')).dependencies;
    assert.deepEqual(ourDeps, theirDeps);
  });
});
