import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Random, Stream, mix32 } from '../../src/generate/random.ts';
import { Zipf } from '../../src/generate/zipf.ts';

const draw = (random: Random, n: number): number[] => Array.from({ length: n }, () => random.next());

describe('Random', () => {
  it('repeats the sequence of a (seed, stream, index) and reseeds to it', () => {
    const a = new Random(42, Stream.artist, 7);
    const first = draw(a, 20);
    assert.deepEqual(draw(new Random(42, Stream.artist, 7), 20), first);
    a.reseed(42, Stream.artist, 7);
    assert.deepEqual(draw(a, 20), first);
  });

  it('gives other sequences for another seed, stream or index, including seeds past 32 bits', () => {
    const base = draw(new Random(1, Stream.artist, 0), 8).join();
    for (const [seed, stream, index] of [
      [2, Stream.artist, 0],
      [1, Stream.identity, 0],
      [1, Stream.artist, 1],
      [1 + 2 ** 32, Stream.artist, 0],
      [-1, Stream.artist, 0],
    ] as const) {
      assert.notEqual(draw(new Random(seed, stream, index), 8).join(), base, `${seed}/${stream}/${index}`);
    }
  });

  it('draws floats in [0, 1) and integers in range', () => {
    const random = new Random(3, Stream.plan, 0);
    for (let i = 0; i < 10000; i++) {
      const f = random.float();
      assert.ok(f >= 0 && f < 1);
      const n = random.int(7);
      assert.ok(Number.isInteger(n) && n >= 0 && n < 7);
      const b = random.between(-2, 2);
      assert.ok(b >= -2 && b <= 2);
      assert.ok(random.pareto(1.3) >= 1);
    }
  });

  it('mixes 32-bit integers bijectively on a sample', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100000; i++) seen.add(mix32(i));
    assert.equal(seen.size, 100000);
  });
});

describe('Zipf', () => {
  it('draws low ranks far more often than high ones', () => {
    const zipf = new Zipf(100, 1);
    const random = new Random(5, Stream.plan, 0);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 50000; i++) {
      const rank = zipf.sample(random);
      counts[rank] = (counts[rank] ?? 0) + 1;
    }
    assert.ok((counts[0] as number) > 3 * (counts[9] as number));
    assert.ok(counts.every((c, r) => r === 0 || c <= (counts[0] as number)));
    assert.ok(Math.abs(zipf.share(0) - (counts[0] as number) / 50000) < 0.02);
  });

  it('refuses an empty table', () => {
    assert.throws(() => new Zipf(0, 1), RangeError);
  });
});
