import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WHY_GENRES, influenceOf, why } from '../../src/domain/why.ts';
import type { Influence, Why } from '../../src/domain/why.ts';
import type { GenreRow } from '../../src/domain/nebula-shares.ts';

const g = (name: string, releases: number): GenreRow => ({ name, is_style: false, releases });
const s = (name: string, releases: number): GenreRow => ({ name, is_style: true, releases });
const none = { neighbourShapedThis: false, thisShapedNeighbour: false };

describe('why.genres', () => {
  const rows: [string, GenreRow[], GenreRow[], string[]][] = [
    ['nothing carried', [], [], []],
    ['nothing shared', [g('Rock', 5)], [g('Jazz', 5)], []],
    ['one shared genre', [g('Rock', 5)], [g('Rock', 1), g('Jazz', 1)], ['Rock']],
    [
      'styles come before genres, even with smaller shares',
      [g('Electronic', 10), s('Techno', 1), s('House', 1)],
      [g('Electronic', 10), s('Techno', 1), s('House', 1)],
      ['House', 'Techno', 'Electronic'],
    ],
    [
      'by the smaller of the two shares, descending',
      // Mine: A .5 B .3 C .2; theirs: A .2 B .3 C .5 → min A .2, B .3, C .2 → B, then A and C tied by name.
      [s('A', 5), s('B', 3), s('C', 2)],
      [s('A', 2), s('B', 3), s('C', 5)],
      ['B', 'A', 'C'],
    ],
    [
      'at most three, styles first',
      [s('S1', 1), s('S2', 1), g('G1', 1), g('G2', 1)],
      [s('S1', 1), s('S2', 1), g('G1', 1), g('G2', 1)],
      ['S1', 'S2', 'G1'],
    ],
    [
      'four styles: the three most shared',
      [s('A', 4), s('B', 3), s('C', 2), s('D', 1)],
      [s('A', 1), s('B', 1), s('C', 1), s('D', 1)],
      ['A', 'B', 'C'],
    ],
    [
      'a tenth of each one’s discography is enough',
      [g('Rock', 1), g('Pop', 9)],
      [g('Rock', 3), g('Jazz', 27)],
      ['Rock'],
    ],
    [
      'under a tenth for one of the two is not shared',
      [g('Rock', 1), g('Pop', 10)],
      [g('Rock', 10)],
      [],
    ],
    [
      'shares are within a kind: a big style count does not dilute the genres',
      [g('Rock', 1), s('Punk', 1000)],
      [g('Rock', 1), s('Punk', 1)],
      ['Punk', 'Rock'],
    ],
    [
      'a genre and a style of the same name are different nebulae',
      [g('Jazz', 1), s('Fusion', 1)],
      [s('Jazz', 1), g('Fusion', 1)],
      [],
    ],
    [
      'a name shared both as style and as genre is listed once',
      [g('Jazz', 1), s('Jazz', 1), g('Funk', 1)],
      [g('Jazz', 1), s('Jazz', 1), g('Funk', 1)],
      ['Jazz', 'Funk'],
    ],
    [
      'ties by name in code-point order (upper case before lower, astral after U+FF21)',
      [g('b', 1), g('B', 1), g('🎵', 1), g('Ａ', 1)],
      [g('b', 1), g('B', 1), g('🎵', 1), g('Ａ', 1)],
      ['B', 'b', 'Ａ'],
    ],
    [
      'rows without releases are ignored',
      [g('Rock', 0), g('Pop', 1)],
      [g('Rock', 5), g('Pop', 5)],
      ['Pop'],
    ],
  ];
  for (const [reason, mine, theirs, expected] of rows) it(reason, () => assert.deepEqual(why(mine, theirs, null, none).genres, expected));

  it('allows three', () => assert.equal(WHY_GENRES, 3));
});

describe('why.influence', () => {
  const rows: [boolean, boolean, Influence | null][] = [
    [false, false, null],
    [true, false, 'shaped_by'],
    [false, true, 'went_on_to_shape'],
    [true, true, 'mutual'],
  ];
  for (const [neighbourShapedThis, thisShapedNeighbour, expected] of rows) {
    it(`neighbour shaped this ${neighbourShapedThis}, this shaped neighbour ${thisShapedNeighbour} → ${expected}`, () => {
      assert.equal(influenceOf({ neighbourShapedThis, thisShapedNeighbour }), expected);
      assert.equal(why([], [], null, { neighbourShapedThis, thisShapedNeighbour }).influence, expected);
    });
  }
});

describe('why', () => {
  const rows: [string, number | null, number | null][] = [
    ['a score', 0.75, 0.75],
    ['zero is a score', 0, 0],
    ['no edge', null, null],
    ['NaN is no score', Number.NaN, null],
    ['Infinity is no score', Number.POSITIVE_INFINITY, null],
  ];
  for (const [reason, coListening, expected] of rows) it(`co_listening: ${reason}`, () => assert.equal(why([], [], coListening, none).co_listening, expected));

  it('answers the whole object', () => {
    const expected: Why = { genres: ['Techno', 'Electronic'], co_listening: 0.5, influence: 'shaped_by' };
    assert.deepEqual(
      why([g('Electronic', 4), s('Techno', 2)], [g('Electronic', 1), s('Techno', 9), s('House', 1)], 0.5, { neighbourShapedThis: true, thisShapedNeighbour: false }),
      expected,
    );
  });

  it('is not symmetric in influence but is in genres', () => {
    const a = [g('Rock', 3), s('Punk', 1)];
    const b = [g('Rock', 1), s('Punk', 4)];
    const ab = why(a, b, 1, { neighbourShapedThis: true, thisShapedNeighbour: false });
    const ba = why(b, a, 1, { neighbourShapedThis: false, thisShapedNeighbour: true });
    assert.deepEqual(ab.genres, ba.genres);
    assert.equal(ab.influence, 'shaped_by');
    assert.equal(ba.influence, 'went_on_to_shape');
  });
});
