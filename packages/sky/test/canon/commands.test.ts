import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runProgramProcess } from '@quartet/common/testing';

describe('sky generate and import commands', () => {
  it('generate writes a canon and reports it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-cmd-'));
    try {
      const result = await runProgramProcess('sky', ['generate', '--stars', '300', '--out', join(dir, 'canon'), '--seed', '3']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /generated 300 stars/);
      assert.ok((await readdir(join(dir, 'canon'))).includes('artists.jsonl'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const refused: [string, string[], RegExp][] = [
    ['a missing --stars', ['generate', '--out', '/tmp/x'], /--stars is required/],
    ['a non-numeric --stars', ['generate', '--stars', 'many', '--out', '/tmp/x'], /--stars="many"/],
    ['zero stars', ['generate', '--stars', '0', '--out', '/tmp/x'], /--stars="0"/],
    ['a huge --stars', ['generate', '--stars', '99999999999999999999', '--out', '/tmp/x'], /--stars=/],
    ['an exponent', ['generate', '--stars', '1e6', '--out', '/tmp/x'], /--stars="1e6"/],
    ['a negative seed', ['generate', '--stars', '10', '--out', '/tmp/x', '--seed=-1'], /--seed="-1"/],
    ['an option value that looks like an option', ['generate', '--stars', '10', '--out', '/tmp/x', '--seed', '-1'], /argument is ambiguous/],
    ['a missing --out', ['generate', '--stars', '10'], /--out is required/],
    ['an unknown option', ['generate', '--stars', '10', '--out', '/tmp/x', '--colour', 'red'], /Unknown option '--colour'/],
    ['import without a directory', ['import'], /expected 1 argument/],
    ['import with a bad database setting', ['import', '/tmp', '--database', 'mysql://x'], /invalid setting --database="mysql:\/\/x"/],
  ];
  for (const [why, args, message] of refused) {
    it(`refuses ${why} with exit code 2 and one line`, async () => {
      const result = await runProgramProcess('sky', args);
      assert.equal(result.code, 2, result.stdout + result.stderr);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1);
    });
  }
});
