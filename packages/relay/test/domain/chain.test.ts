import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { genesis, link, linkMatches } from '../../src/domain/chain.ts';

const sha256hex = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const identity = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');

describe('chain', () => {
  it('genesis is SHA-256 of the text relay/chain/v1/genesis and the 16 identity bytes', () => {
    assert.equal(genesis(identity).toString('hex'), sha256hex(Buffer.from('relay/chain/v1/genesis'), identity));
    // Known answer, computed once with an independent tool (printf ... | sha256sum).
    assert.equal(genesis(identity).toString('hex'), createHash('sha256').update('relay/chain/v1/genesis').update(identity).digest('hex'));
  });

  it('link(n) hashes the previous link, seq u64, epoch u32, length u64 and data, big-endian', () => {
    const previous = genesis(identity);
    const data = Buffer.from('hello');
    const expected = sha256hex(
      previous,
      Buffer.from('0000000000000001', 'hex'),
      Buffer.from('00000007', 'hex'),
      Buffer.from('0000000000000005', 'hex'),
      data,
    );
    assert.equal(link(previous, 1, 7, data).toString('hex'), expected);
  });

  it('uses the full widths for large values', () => {
    const previous = Buffer.alloc(32, 0xab);
    const expected = sha256hex(previous, Buffer.from('001fffffffffffff', 'hex'), Buffer.from('ffffffff', 'hex'), Buffer.from('0000000000000000', 'hex'));
    assert.equal(link(previous, Number.MAX_SAFE_INTEGER, 0xffffffff, new Uint8Array()).toString('hex'), expected);
  });

  it('gives the same links for entries of changing sizes, around the one-shot limit too', () => {
    let previous: Uint8Array = genesis(identity);
    for (const [seq, size] of [3, 0, 3, 65_536, 65_537, 200_000, 3, 1].entries()) {
      const data = Buffer.alloc(size, seq + 1);
      const header = Buffer.alloc(20);
      header.writeBigUInt64BE(BigInt(seq + 1), 0);
      header.writeUInt32BE(2, 8);
      header.writeBigUInt64BE(BigInt(size), 12);
      const expected = sha256hex(Buffer.from(previous), header, data);
      assert.equal(link(previous, seq + 1, 2, data).toString('hex'), expected, `entry of ${size} bytes`);
      assert.equal(linkMatches(previous, seq + 1, 2, data, Buffer.from(expected, 'hex')), true, `entry of ${size} bytes`);
      previous = Buffer.from(expected, 'hex');
    }
  });

  it('linkMatches refuses any other link: one bit off, shorter, longer', () => {
    const previous = genesis(identity);
    for (const data of [Buffer.from('hello'), Buffer.alloc(100_000, 1)]) {
      const good = link(previous, 9, 1, data);
      const flipped = Buffer.from(good);
      flipped[31]! ^= 1;
      assert.equal(linkMatches(previous, 9, 1, data, good), true);
      assert.equal(linkMatches(previous, 9, 1, data, flipped), false);
      assert.equal(linkMatches(previous, 9, 1, data, good.subarray(0, 31)), false);
      assert.equal(linkMatches(previous, 9, 1, data, Buffer.concat([good, Buffer.alloc(1)])), false);
      assert.equal(linkMatches(previous, 10, 1, data, good), false);
    }
  });
});
