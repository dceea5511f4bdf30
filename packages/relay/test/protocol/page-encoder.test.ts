import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encode } from 'cborg';
import { encodePage } from '../../src/protocol/page-encoder.ts';

const generic = (page: Parameters<typeof encodePage>[0]) =>
  encode(new Map<number, unknown>([[0, page.stream], [1, page.epoch], [2, page.head], [3, page.entries.map((e) => new Map<number, unknown>([[0, e.seq], [1, e.epoch], [2, e.hash], [3, e.data]]))]]));

describe('page encoder', () => {
  const sizes = [0, 1, 23, 24, 255, 256, 65535, 65536, 70000];
  const numbers = [0, 1, 23, 24, 255, 256, 65535, 65536, 0xffffffff, 0x100000000, Number.MAX_SAFE_INTEGER];

  it('writes the same bytes as a generic CBOR encoder, at every integer width', () => {
    for (const n of numbers) {
      const entries = sizes.map((size, i) => ({ seq: n, epoch: Math.min(n, 0xffffffff) + 0 * i, hash: new Uint8Array(32).fill(i), data: new Uint8Array(size).fill(7) }));
      const page = { stream: new Uint8Array(16).fill(1), epoch: Math.min(n, 0xffffffff), head: n, entries };
      assert.deepEqual(Buffer.from(encodePage(page)), Buffer.from(generic(page)), `value ${n}`);
    }
  });

  it('encodes an empty page', () => {
    const page = { stream: new Uint8Array(16), epoch: 0, head: 0, entries: [] };
    assert.deepEqual(Buffer.from(encodePage(page)), Buffer.from(generic(page)));
  });

  it('encodes 30 entries (array length above 23)', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ seq: i + 1, epoch: 3, hash: new Uint8Array(32), data: new Uint8Array([i]) }));
    const page = { stream: new Uint8Array(16), epoch: 3, head: 30, entries };
    assert.deepEqual(Buffer.from(encodePage(page)), Buffer.from(generic(page)));
  });
});
