import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mostCommon } from '../../src/domain/region.ts';

describe('mostCommon', () => {
  const rows: [string, (string | null)[], string | null][] = [
    ['nothing', [], null],
    ['only nulls', [null, null], null],
    ['one value', ['Rock'], 'Rock'],
    ['the most frequent', ['Rock', 'Jazz', 'Rock', 'Pop'], 'Rock'],
    ['nulls do not count, however many', [null, null, null, 'Jazz'], 'Jazz'],
    ['ties by name ascending', ['Rock', 'Jazz', 'Jazz', 'Rock'], 'Jazz'],
    ['ties in code-point order, upper case first', ['b', 'B'], 'B'],
    ['ties in code-point order, astral last', ['🎵', 'Ａ'], 'Ａ'],
    ['names are compared exactly', ['rock', 'Rock', 'rock'], 'rock'],
    ['the empty string is a value', ['', ''], ''],
    ['a later majority wins', ['A', 'B', 'B', 'C', 'C', 'C'], 'C'],
  ];
  for (const [why, values, expected] of rows) it(why, () => assert.equal(mostCommon(values), expected));

  it('counts 300 values', () => {
    const values = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 'Techno' : i % 3 === 1 ? 'House' : null));
    assert.equal(mostCommon(values), 'House');
  });
});
