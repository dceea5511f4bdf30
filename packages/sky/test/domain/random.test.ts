import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom, unseededRandom } from '../../src/domain/random.ts';

const draws = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe('seededRandom', () => {
  // Known answers: these must never change, or every seeded radio order and every day's signal changes.
  const vectors: [string, number[]][] = [
    ['', [0.5238845614663604, 0.1436884976827707, 0.396978784221129]],
    ['abc', [0.6576388803472085, 0.21248785375768775, 0.22750683814013595]],
    ['abd', [0.1273448419158686, 0.9289232672466238, 0.9355995934725929]],
    ['jazz', [0.9663462306524404, 0.09313409589951127, 0.5783170062860125]],
    ['Björk', [0.45570071926910694, 0.07919034856403795, 0.3280766651453927]],
    ['🎵', [0.920132513561045, 0.8660210368386596, 0.014702957081407897]],
  ];
  for (const [seed, expected] of vectors) it(`seed ${JSON.stringify(seed)}`, () => assert.deepEqual(draws(seededRandom(seed), 3), expected));

  it('the same seed gives the same sequence', () => assert.deepEqual(draws(seededRandom('x'), 1000), draws(seededRandom('x'), 1000)));

  it('seeds that differ by one character or by normalisation give different sequences', () => {
    const first = ['a', 'b', 'a ', ' a', 'A', 'é', 'e\u0301', 'a'.repeat(10_000)].map((seed) => seededRandom(seed)());
    assert.equal(new Set(first).size, first.length);
  });

  it('draws lie in [0, 1), use the whole range and look uniform', () => {
    const values = draws(seededRandom('uniform'), 100_000);
    assert.ok(values.every((v) => v >= 0 && v < 1));
    const buckets = new Array<number>(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]!++;
    for (const count of buckets) assert.ok(count > 9_500 && count < 10_500, `bucket ${count}`);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    assert.ok(Math.abs(mean - 0.5) < 0.005, `mean ${mean}`);
    assert.equal(new Set(values).size, values.length, 'no repeats in 100 000 draws of 53 bits');
    assert.ok(values.some((v) => v * 2 ** 32 !== Math.floor(v * 2 ** 32)), 'more than 32 bits of resolution');
  });

  it('consecutive draws are not correlated', () => {
    const values = draws(seededRandom('pairs'), 50_001);
    let sum = 0;
    for (let i = 1; i < values.length; i++) sum += (values[i - 1]! - 0.5) * (values[i]! - 0.5);
    assert.ok(Math.abs(sum / 50_000) < 0.002, `covariance ${sum / 50_000}`);
  });
});

describe('unseededRandom', () => {
  it('gives a different sequence on each call', () => assert.notDeepEqual(draws(unseededRandom(), 4), draws(unseededRandom(), 4)));
  it('draws lie in [0, 1)', () => assert.ok(draws(unseededRandom(), 10_000).every((v) => v >= 0 && v < 1)));
});
