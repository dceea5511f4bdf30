import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Entry } from '../../src/domain/stream.ts';
import { CHUNK_DATA_BYTES, CHUNK_ENTRIES, chunkSizes, linkIn, packChunks, unpackChunk, unpackChunks } from '../../src/store/chunks.ts';

function entries(sizes: readonly number[], firstSeq = 1): Entry[] {
  return sizes.map((size, i) => ({
    seq: firstSeq + i,
    epoch: 7,
    hash: new Uint8Array(32).fill((firstSeq + i) & 0xff),
    data: new Uint8Array(size).fill((firstSeq + i) % 251),
  }));
}

const plain = (e: Entry) => ({ seq: e.seq, epoch: e.epoch, hash: Buffer.from(e.hash).toString('hex'), data: Buffer.from(e.data).toString('hex') });

describe('entry chunks', () => {
  it('packs consecutive entries with their links, sizes and data', () => {
    const [chunk, ...rest] = packChunks(entries([3, 0, 5], 10));
    assert.equal(rest.length, 0);
    assert.equal(chunk!.first_seq, 10);
    assert.equal(chunk!.last_seq, 12);
    assert.equal(chunk!.epoch, 7);
    assert.equal(chunk!.hashes.byteLength, 3 * 32);
    assert.equal(Buffer.from(chunk!.sizes).toString('hex'), '000000030000000000000005');
    assert.equal(chunk!.data.byteLength, 8);
  });

  it('gives back exactly the entries it packed', () => {
    const original = entries([1024, 0, 1, 70_000, 65_536, 300], 41);
    const back = [...unpackChunks(packChunks(original), 0)];
    assert.deepEqual(back.map(plain), original.map(plain));
  });

  it(`starts a new chunk before its data would pass ${CHUNK_DATA_BYTES} bytes`, () => {
    const chunks = packChunks(entries([CHUNK_DATA_BYTES / 2, CHUNK_DATA_BYTES / 2, 1]));
    assert.deepEqual(chunks.map((c) => [c.first_seq, c.last_seq]), [[1, 2], [3, 3]]);
  });

  it('keeps an entry larger than a chunk in a chunk of its own', () => {
    const chunks = packChunks(entries([10, CHUNK_DATA_BYTES * 3, 10]));
    assert.deepEqual(chunks.map((c) => [c.first_seq, c.last_seq]), [[1, 1], [2, 2], [3, 3]]);
  });

  it(`holds at most ${CHUNK_ENTRIES} entries per chunk`, () => {
    const chunks = packChunks(entries(Array.from({ length: CHUNK_ENTRIES * 2 + 1 }, () => 0)));
    assert.deepEqual(chunks.map((c) => [c.first_seq, c.last_seq]), [[1, CHUNK_ENTRIES], [CHUNK_ENTRIES + 1, CHUNK_ENTRIES * 2], [CHUNK_ENTRIES * 2 + 1, CHUNK_ENTRIES * 2 + 1]]);
  });

  it('unpacks only the entries after a position', () => {
    const [chunk] = packChunks(entries([1, 2, 3, 4], 5));
    assert.deepEqual([...unpackChunk(chunk!, 6)].map((e) => e.seq), [7, 8]);
    assert.deepEqual([...unpackChunk(chunk!, 8)], []);
    assert.deepEqual([...chunkSizes([chunk!], 6)], [3, 4]);
    assert.deepEqual([...chunkSizes([chunk!], 0)], [1, 2, 3, 4]);
    const two = packChunks(entries(Array.from({ length: CHUNK_ENTRIES + 2 }, (_, i) => i % 7)));
    assert.deepEqual([...chunkSizes(two, CHUNK_ENTRIES - 1)], [(CHUNK_ENTRIES - 1) % 7, CHUNK_ENTRIES % 7, (CHUNK_ENTRIES + 1) % 7]);
  });

  it('finds the link of a position inside the chunk', () => {
    const [chunk] = packChunks(entries([1, 1, 1], 300));
    assert.deepEqual([...linkIn(chunk!, 301)], Array.from({ length: 32 }, () => 301 & 0xff));
  });
});
