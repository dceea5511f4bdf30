import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../src/domain/random.ts';
import { STATION_ODDS_FLOOR, stationOdds, weightedOrder } from '../../src/domain/weighted-shuffle.ts';

/** A generator that replays the given draws. */
function replay(values: readonly number[]): () => number {
  let i = 0;
  return () => {
    const value = values[i++];
    if (value === undefined) throw new Error('replay ran out of draws');
    return value;
  };
}

const letters = (odds: readonly number[]) => odds.map((o, i) => ({ item: String.fromCharCode(97 + i), odds: o }));

describe('stationOdds', () => {
  const rows: [number, number][] = [
    [1, 1],
    [0.5, 0.5],
    [0.05, 0.05],
    [0.0500001, 0.0500001],
    [0.04, 0.05],
    [0, 0.05],
    [-1, 0.05],
    [Number.NaN, 0.05],
    [Number.POSITIVE_INFINITY, 0.05],
    [Number.NEGATIVE_INFINITY, 0.05],
  ];
  for (const [brightness, expected] of rows) it(`${brightness} → ${expected}`, () => assert.equal(stationOdds(brightness), expected));
  it('floors at 0.05', () => assert.equal(STATION_ODDS_FLOOR, 0.05));
});

describe('weightedOrder with replayed draws', () => {
  const rows: [string, number[], number[], number, string[]][] = [
    ['equal odds: larger draw first', [1, 1, 1], [0.2, 0.9, 0.5], 10, ['b', 'c', 'a']],
    ['odds lift a smaller draw: ln(.25)/4 > ln(.5)/1', [1, 4], [0.5, 0.25], 10, ['b', 'a']],
    ['but not enough: ln(.01)/4 < ln(.5)/1', [1, 4], [0.5, 0.01], 10, ['a', 'b']],
    ['ties keep the given order', [2, 2, 2], [0.5, 0.5, 0.5], 10, ['a', 'b', 'c']],
    ['a zero draw goes last', [100, 1], [0, 0.001], 10, ['b', 'a']],
    ['limit cuts the order', [1, 1, 1, 1], [0.1, 0.2, 0.3, 0.4], 2, ['d', 'c']],
    ['limit 0', [1, 1], [0.1, 0.2], 0, []],
    ['negative limit', [1, 1], [0.1, 0.2], -3, []],
    ['NaN limit', [1, 1], [0.1, 0.2], Number.NaN, []],
    ['fractional limit rounds down', [1, 1, 1], [0.1, 0.2, 0.3], 1.9, ['c']],
    ['Infinity limit gives all', [1, 1, 1], [0.1, 0.2, 0.3], Number.POSITIVE_INFINITY, ['c', 'b', 'a']],
    ['zero odds are never picked', [0, 1], [0.99, 0.01], 10, ['b']],
    ['negative and NaN odds are never picked', [-1, Number.NaN, 1], [0.9, 0.9, 0.1], 10, ['c']],
    ['infinite odds are never picked', [Number.POSITIVE_INFINITY, 1], [0.9, 0.1], 10, ['b']],
    ['nothing to order', [], [], 10, []],
  ];
  for (const [why, odds, values, limit, expected] of rows) {
    it(why, () => assert.deepEqual(weightedOrder(letters(odds), replay(values), limit), expected));
  }

  it('draws once per item, in item order, even for unpickable items', () => {
    let calls = 0;
    weightedOrder(letters([1, 0, 1]), () => (calls++, 0.5), 1);
    assert.equal(calls, 3);
  });
});

describe('weightedOrder with a seeded generator', () => {
  const ten = letters([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

  it('is repeatable for a seed (known answers)', () => {
    assert.deepEqual(weightedOrder(ten, seededRandom('radio'), 50), ['j', 'b', 'e', 'i', 'g', 'd', 'c', 'f', 'h', 'a']);
    assert.deepEqual(weightedOrder(ten, seededRandom('radio'), 3), ['j', 'b', 'e']);
    assert.deepEqual(weightedOrder(ten, seededRandom('other'), 50), ['g', 'j', 'h', 'i', 'c', 'b', 'f', 'd', 'e', 'a']);
  });

  it('a shorter limit is a prefix of the longer order', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ item: i, odds: stationOdds(((i * 7919) % 1000) / 1000) }));
    const all = weightedOrder(many, seededRandom('prefix'), 1000);
    assert.equal(new Set(all).size, 1000);
    for (const limit of [1, 7, 50, 249, 250, 251, 999]) {
      assert.deepEqual(weightedOrder(many, seededRandom('prefix'), limit), all.slice(0, limit), `limit ${limit}`);
    }
  });

  it('picks first in proportion to the odds, and next in proportion among those left', () => {
    const items = letters([1, 2, 3, 4]);
    const random = seededRandom('proportions');
    const trials = 40_000;
    const first = new Map<string, number>();
    let dFirst = 0;
    let bSecondAfterD = 0;
    for (let t = 0; t < trials; t++) {
      const order = weightedOrder(items, random, 2);
      first.set(order[0]!, (first.get(order[0]!) ?? 0) + 1);
      if (order[0] === 'd') {
        dFirst++;
        if (order[1] === 'b') bSecondAfterD++;
      }
    }
    const expected: [string, number][] = [['a', 0.1], ['b', 0.2], ['c', 0.3], ['d', 0.4]];
    for (const [item, p] of expected) {
      const seen = (first.get(item) ?? 0) / trials;
      assert.ok(Math.abs(seen - p) < 0.01, `${item} first ${seen}, expected ${p}`);
    }
    const second = bSecondAfterD / dFirst;
    assert.ok(Math.abs(second - 2 / 6) < 0.015, `b second after d ${second}, expected ${2 / 6}`);
  });

  it('a faint star at the floor still plays', () => {
    const items = [{ item: 'bright', odds: stationOdds(1) }, { item: 'faint', odds: stationOdds(0) }];
    const random = seededRandom('floor');
    let faintFirst = 0;
    for (let t = 0; t < 20_000; t++) if (weightedOrder(items, random, 1)[0] === 'faint') faintFirst++;
    const seen = faintFirst / 20_000;
    assert.ok(Math.abs(seen - 0.05 / 1.05) < 0.006, `faint first ${seen}`);
  });

  it('orders a large nebula quickly when only 50 are asked', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => ({ item: i, odds: stationOdds((i % 997) / 997) }));
    const picked = weightedOrder(many, seededRandom('big'), 50);
    assert.equal(picked.length, 50);
    assert.equal(new Set(picked).size, 50);
  });
});
