import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runProgramProcess, startServer } from '../src/testing/index.ts';

const programs = [
  ['sky', 'SKY_', '/api/health'],
  ['relay', 'RELAY_', '/health'],
  ['registry', 'REGISTRY_', '/health'],
  ['activity', 'APP_', '/health'],
] as const;

for (const [program, prefix, health] of programs) {
  describe(`${program} program`, () => {
    it('prints help and exits 0', async () => {
      const result = await runProgramProcess(program, ['--help']);
      assert.equal(result.code, 0);
      assert.match(result.stdout, new RegExp(`Usage: ${program} <command>`));
      assert.match(result.stdout, /serve/);
    });

    it('refuses an unknown command with exit code 2', async () => {
      const result = await runProgramProcess(program, ['../../etc/passwd']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /unknown command/);
    });

    it('refuses a bad setting with one line naming it and exit code 2', async () => {
      const result = await runProgramProcess(program, ['serve'], { env: { [`${prefix}PORT`]: 'eighty' } });
      assert.equal(result.code, 2);
      assert.equal(result.stderr.trim().split('\n').length, 1);
      assert.match(result.stderr, new RegExp(`invalid setting ${prefix}PORT="eighty"`));
      const flag = await runProgramProcess(program, ['serve', '--log-level', 'loud']);
      assert.equal(flag.code, 2);
      assert.match(flag.stderr, /invalid setting --log-level="loud"/);
      const unknown = await runProgramProcess(program, ['serve', '--colour', 'red']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /Unknown option '--colour'/);
    });

    it('serves its health route and stops cleanly on SIGTERM', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'program-test-'));
      const database = join(dir, `${program}.db`);
      // The sky is healthy only with a canon to serve.
      if (program === 'sky') assert.equal((await runProgramProcess('sky', ['import', `${repoRoot}packages/sky/test/fixtures/small-canon`, '--database', database])).code, 0);
      const server = await startServer(program, [], { [`${prefix}DATABASE_URL`]: database });
      try {
        const res = await fetch(`${server.url}${health}`);
        assert.equal(res.status, 200);
      } finally {
        assert.equal(await server.stop('SIGTERM'), 0);
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
