import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SIGNAL_STARS, signalPicks } from '../../src/domain/signal.ts';

describe('signalPicks', () => {
  // Known answers: the same day must give the same stars on every server, release after release.
  const rows: [string, number, number | undefined, number[]][] = [
    ['2024-01-01', 1_000_000, undefined, [658129, 142934, 778755, 134864, 535311]],
    ['2024-01-02', 1_000_000, undefined, [636438, 716738, 689745, 711674, 206984]],
    ['2024-02-29', 1_000_000, undefined, [923735, 151197, 560082, 104442, 976934]],
    ['2025-12-31', 1_000_000, undefined, [483313, 892633, 814868, 115389, 766913]],
    ['2024-01-01', 3_000_000, 5, [1974388, 428801, 2336264, 404589, 1605930]],
    ['2024-01-01', 10, undefined, [6, 2, 8, 3, 7]],
    ['2024-01-02', 10, undefined, [6, 7, 1, 2, 5]],
    ['2024-01-01', 5, undefined, [3, 1, 4, 0, 2]],
    ['2024-01-01', 3, undefined, [1, 0, 2]],
    ['2024-01-01', 1, undefined, [0]],
    ['2024-01-01', 0, undefined, []],
    ['2024-01-01', -5, undefined, []],
    ['2024-01-01', 2.5, undefined, []],
    ['2024-01-01', Number.NaN, undefined, []],
    ['2024-01-01', Number.POSITIVE_INFINITY, undefined, []],
    ['2024-01-01', 1_000_000, 1, [658129]],
    ['2024-01-01', 1_000_000, 2, [658129, 142934]],
    ['2024-01-01', 1_000_000, 0, []],
    ['2024-01-01', 1_000_000, -1, []],
  ];
  for (const [day, candidates, count, expected] of rows) {
    it(`${day}, ${candidates} candidates, count ${count ?? 'default'}`, () => assert.deepEqual(signalPicks(day, candidates, count), expected));
  }

  it('the default is the day’s star plus four fallbacks', () => assert.equal(SIGNAL_STARS, 5));

  it('picks are distinct and in range, every candidate when there are few', () => {
    for (let n = 1; n <= 12; n++) {
      const picks = signalPicks('2024-06-01', n, n);
      assert.equal(picks.length, n);
      assert.deepEqual([...picks].sort((p, q) => p - q), Array.from({ length: n }, (_, i) => i));
    }
    const wide = signalPicks('2024-06-01', 1_000_000, 1000);
    assert.equal(new Set(wide).size, 1000);
    assert.ok(wide.every((p) => Number.isInteger(p) && p >= 0 && p < 1_000_000));
  });

  it('consecutive days of a year never repeat the day’s star on a large sky', () => {
    const firsts: number[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) {
      firsts.push(signalPicks(new Date(t).toISOString().slice(0, 10), 100_000)[0]!);
    }
    assert.equal(firsts.length, 366);
    for (let i = 1; i < firsts.length; i++) assert.notEqual(firsts[i], firsts[i - 1], `day ${i}`);
    assert.ok(new Set(firsts).size > 360);
  });

  it('spreads the day’s star over the candidates', () => {
    const buckets = new Array<number>(4).fill(0);
    for (let d = 0; d < 4000; d++) buckets[Math.floor((signalPicks(`day-${d}`, 1000)[0]! / 1000) * 4)]!++;
    for (const count of buckets) assert.ok(count > 900 && count < 1100, `bucket ${count}`);
  });
});
