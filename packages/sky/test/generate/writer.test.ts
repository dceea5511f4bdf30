import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { JsonlWriter } from '../../src/generate/writer.ts';

describe('JsonlWriter', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sky-writer-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes rows across chunk boundaries without splitting a character', async () => {
    const path = join(dir, 'rows.jsonl');
    const writer = await JsonlWriter.create(path);
    const expected: string[] = [];
    for (let i = 0; i < 60000; i++) {
      const row = JSON.stringify({ i, name: `Björk 山田 ${'𝄞'.repeat(i % 5)} "q" \\ ${i}` });
      writer.row(row);
      expected.push(row);
      if (writer.full) await writer.flush();
    }
    const big = JSON.stringify({ text: 'ü'.repeat(600000) });
    writer.row(big);
    expected.push(big);
    const bytes = await writer.close();
    const text = await readFile(path, 'utf8');
    assert.equal(text, expected.join('\n') + '\n');
    assert.equal(bytes, Buffer.byteLength(text));
    assert.equal(writer.rows, expected.length);
  });

  it('writes an empty file when there are no rows', async () => {
    const path = join(dir, 'empty.jsonl');
    const writer = await JsonlWriter.create(path);
    assert.equal(await writer.close(), 0);
    assert.equal(await readFile(path, 'utf8'), '');
  });

  it('fails when the file cannot be opened', async () => {
    await assert.rejects(JsonlWriter.create(join(dir, 'missing', 'rows.jsonl')), { code: 'ENOENT' });
  });
});
