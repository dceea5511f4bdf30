import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '@quartet/common';
import { formatCursor, parseCursor, startCursor } from '../../src/domain/cursor.ts';
import { genesis } from '../../src/domain/chain.ts';

const id = 'a'.repeat(32);
const hash = 'b'.repeat(64);

describe('cursor', () => {
  it('round-trips the one spelling of a cursor', () => {
    for (const text of [`0.${id}.${hash}`, `1.${id}.${hash}`, `9007199254740991.${id}.${hash}`]) {
      assert.equal(formatCursor(parseCursor(text)), text);
    }
  });

  const refused = [
    ['leading zero', `01.${id}.${hash}`],
    ['uppercase identity', `1.${id.toUpperCase()}.${hash}`],
    ['uppercase link', `1.${id}.${hash.toUpperCase()}`],
    ['short identity', `1.${id.slice(2)}.${hash}`],
    ['17-byte identity', `1.${id}ab.${hash}`],
    ['short link', `1.${id}.${hash.slice(2)}`],
    ['negative', `-1.${id}.${hash}`],
    ['plus sign', `+1.${id}.${hash}`],
    ['exponent', `1e3.${id}.${hash}`],
    ['past 2^53', `9007199254740992.${id}.${hash}`],
    ['huge', `99999999999999999999.${id}.${hash}`],
    ['missing part', `1.${id}`],
    ['extra part', `1.${id}.${hash}.x`],
    ['empty', ''],
    ['spaces', ` 1.${id}.${hash}`],
  ] as const;
  for (const [why, text] of refused) {
    it(`refuses a cursor with ${why}`, () => {
      assert.throws(() => parseCursor(text), (e: unknown) => e instanceof ServiceError && e.code === 'bad_request' && e.status === 400);
    });
  }

  it('starts at position 0 with the genesis link', () => {
    const stream = Buffer.alloc(16, 7);
    const start = startCursor(stream);
    assert.equal(start.seq, 0);
    assert.deepEqual(Buffer.from(start.hash), genesis(stream));
  });
});
