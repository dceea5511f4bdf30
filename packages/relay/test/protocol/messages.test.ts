import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encode } from 'cborg';
import { ServiceError } from '@quartet/common';
import { decodeBatch, encodeProblem } from '../../src/protocol/messages.ts';
import { decodeStrict } from '../../src/protocol/cbor.ts';

const map = (entries: [unknown, unknown][]) => encode(new Map(entries));
const hex = (text: string) => Uint8Array.from(Buffer.from(text.replaceAll(' ', ''), 'hex'));
const one = [new Uint8Array([1, 2, 3])];

describe('Batch decoding', () => {
  it('reads epoch, entries and an optional 16-byte stream', () => {
    assert.deepEqual(decodeBatch(map([[0, 7], [1, one]])), { epoch: 7, entries: one });
    const stream = new Uint8Array(16).fill(9);
    const batch = decodeBatch(map([[0, 0xffffffff], [1, one], [2, stream]]));
    assert.equal(batch.epoch, 0xffffffff);
    assert.deepEqual(batch.stream, stream);
  });

  it('ignores keys it does not know, of any type', () => {
    assert.deepEqual(decodeBatch(map([[0, 1], [1, one], [9, 'later'], ['text', [1, { a: 1 }]], [-1, true]])), { epoch: 1, entries: one });
  });

  const hostile: [string, Uint8Array][] = [
    ['an empty body', new Uint8Array()],
    ['truncated CBOR', map([[0, 1], [1, one]]).slice(0, -2)],
    ['trailing bytes', Uint8Array.from([...map([[0, 1], [1, one]]), 0x00])],
    ['two messages', Uint8Array.from([...map([[0, 1], [1, one]]), ...map([[0, 1], [1, one]])])],
    ['an array instead of a map', encode([1, one])],
    ['a text string', encode('batch')],
    ['a missing epoch', map([[1, one]])],
    ['missing entries', map([[0, 1]])],
    ['an empty batch', map([[0, 1], [1, []]])],
    ['a negative epoch', map([[0, -1], [1, one]])],
    ['an epoch of 2^32', map([[0, 2 ** 32], [1, one]])],
    ['an epoch of 2^64-1', hex('a2 00 1b ffffffffffffffff 01 81 41 00')],
    ['a float epoch 1.0', hex('a2 00 f9 3c00 01 81 41 00')],
    ['a text epoch', map([[0, '1'], [1, one]])],
    ['a non-minimal integer', hex('a2 00 18 01 01 81 41 00')],
    ['a text entry', map([[0, 1], [1, ['abc']]])],
    ['an integer entry', map([[0, 1], [1, [5]]])],
    ['entries as one byte string', map([[0, 1], [1, new Uint8Array(3)]])],
    ['a 17-byte identity', map([[0, 1], [1, one], [2, new Uint8Array(17)]])],
    ['a 15-byte identity', map([[0, 1], [1, one], [2, new Uint8Array(15)]])],
    ['a text identity', map([[0, 1], [1, one], [2, 'a'.repeat(16)]])],
    ['a duplicate key', hex('a3 00 01 01 81 41 00 00 02')],
    ['an indefinite-length map', hex('bf 00 01 01 81 41 00 ff')],
    ['an indefinite-length byte string', hex('a2 00 01 01 81 5f 41 00 ff')],
    ['a tag', hex('c1 a2 00 01 01 81 41 00')],
    ['undefined as a value', hex('a3 00 01 01 81 41 00 02 f7')],
    ['a reserved major-7 byte', hex('a2 00 01 01 81 41 00 fc')],
    ['a byte string longer than the body', hex('a2 00 01 01 81 5a 7fffffff 00')],
    ['an array length beyond the body', hex('a2 00 01 01 9b 00ffffffffffffff')],
  ];
  for (const [why, body] of hostile) {
    it(`refuses ${why} with bad_request`, () => {
      assert.throws(() => decodeBatch(body), (e: unknown) => e instanceof ServiceError && e.code === 'bad_request' && e.status === 400);
    });
  }

  it('survives random bytes without anything but bad_request', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let i = 0; i < 2000; i++) {
      const body = Uint8Array.from({ length: 1 + (i % 40) }, next);
      try {
        decodeBatch(body);
      } catch (e) {
        assert.ok(e instanceof ServiceError && e.code === 'bad_request', `input ${Buffer.from(body).toString('hex')}: ${String(e)}`);
      }
    }
  });
});

describe('Problem encoding', () => {
  it('keys code 0, message 1 and head 2 / epoch 3 / limit 4 only', () => {
    const decoded = decodeStrict(encodeProblem('cursor_ahead', 'm', { head: 4, other: 1 })) as Map<number, unknown>;
    assert.deepEqual([...decoded.entries()], [[0, 'cursor_ahead'], [1, 'm'], [2, 4]]);
    const limit = decodeStrict(encodeProblem('too_large', 'm', { limit: 16777216 })) as Map<number, unknown>;
    assert.equal(limit.get(4), 16777216);
  });
});
