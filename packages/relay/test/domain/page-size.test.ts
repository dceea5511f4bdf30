import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageLength } from '../../src/domain/page-size.ts';

const MiB = 1024 * 1024;

/** Splits sizes into successive pages the way a reader would see them. */
function pages(sizes: number[], limit: number): number[] {
  const lengths: number[] = [];
  for (let at = 0; at < sizes.length; ) {
    const n = pageLength(sizes.slice(at), limit);
    lengths.push(n);
    at += n;
  }
  return lengths;
}

describe('page size rule (reading rule 3)', () => {
  it('3 entries of 3 MiB: pages of 2 and 1', () => assert.deepEqual(pages([3 * MiB, 3 * MiB, 3 * MiB], 1000), [2, 1]));
  it('4 MiB + 4 MiB + 1 byte: pages of 2 and 1', () => assert.deepEqual(pages([4 * MiB, 4 * MiB, 1], 1000), [2, 1]));
  it('exactly 8 MiB fits in one page', () => assert.deepEqual(pages([2 * MiB, 6 * MiB, 1], 1000), [2, 1]));
  it('an entry over 8 MiB is a page of its own, never an empty page', () => assert.deepEqual(pages([9 * MiB, 1, 12 * MiB], 1000), [1, 1, 1]));
  it('stops at the limit', () => assert.deepEqual(pages([1, 1, 1, 1, 1], 2), [2, 2, 1]));
  it('takes nothing when nothing is there', () => assert.equal(pageLength([], 1000), 0));
  it('zero-length entries count against the limit only', () => assert.equal(pageLength(Array(20000).fill(0), 10000), 10000));
});
