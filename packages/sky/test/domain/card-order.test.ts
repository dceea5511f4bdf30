import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIN_STYLE_RADIO, bestFirst, cardRadio, compareText, mainNebula, orderGenres, orderReleases } from '../../src/domain/card-order.ts';
import type { NebulaSize, RadioRef, ReleaseRow } from '../../src/domain/card-order.ts';
import type { GenreRow } from '../../src/domain/nebula-shares.ts';

const g = (name: string, releases: number): GenreRow => ({ name, is_style: false, releases });
const s = (name: string, releases: number): GenreRow => ({ name, is_style: true, releases });
const r = (name: string, primary_type: string, year: number): ReleaseRow => ({ name, primary_type, year });

describe('compareText', () => {
  const rows: [string, string, -1 | 0 | 1][] = [
    ['a', 'a', 0],
    ['', '', 0],
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['a', 'ab', -1],
    ['', 'a', -1],
    ['B', 'a', -1], // upper case sorts first
    ['Z', 'a', -1],
    ['é', 'z', 1], // no locale: U+00E9 after U+007A
    ['e\u0301', 'é', -1], // no normalisation
    ['\uFF21', '🎵', -1], // U+FF21 before U+1F3B5 (UTF-16 order says the opposite)
    ['\uE000', '\u{10000}', -1],
    ['\uD7FF', '\uE000', -1],
    ['🎵', '🎶', -1],
    ['𝄞', '🎵', -1],
    ['a🎵', 'a\uFFFF', 1],
  ];
  for (const [a, b, expected] of rows) {
    it(`${JSON.stringify(a)} vs ${JSON.stringify(b)} → ${expected}`, () => {
      assert.equal(Math.sign(compareText(a, b)), expected);
      assert.equal(Math.sign(compareText(b, a)), -expected || 0);
    });
  }

  it('agrees with UTF-8 byte order (what SQLite compares)', () => {
    const words = ['a', 'B', 'é', '\uFF21', '🎵', '\uE000', '\u{10FFFF}', 'ab', '', 'z', '\uFFFD', '𝄞'];
    const byBytes = [...words].sort((p, q) => Buffer.compare(Buffer.from(p), Buffer.from(q)));
    assert.deepEqual([...words].sort(compareText), byBytes);
  });
});

describe('bestFirst', () => {
  const star = (id: number, score: number) => ({ id, name: `s${id}`, score });

  it('orders by score descending, ties by lower id first', () => {
    const rows = [star(9, 0.5), star(4, 0.9), star(7, 0.9), star(2, 0.1), star(3, 0.5)];
    assert.deepEqual(bestFirst(rows, 24).map((s) => s.id), [4, 7, 3, 9, 2]);
  });

  it('keeps the first `limit` and leaves its input alone', () => {
    const rows = Array.from({ length: 30 }, (_, i) => star(i + 1, i % 3));
    const best = bestFirst(rows, 24);
    assert.equal(best.length, 24);
    assert.deepEqual(best.slice(0, 3).map((s) => s.id), [3, 6, 9]);
    assert.equal(rows[0]!.id, 1);
    assert.deepEqual(bestFirst([], 24), []);
  });
});

describe('orderGenres', () => {
  const rows: [string, GenreRow[], GenreRow[]][] = [
    ['nothing', [], []],
    ['releases descending', [g('A', 1), g('B', 3), g('C', 2)], [g('B', 3), g('C', 2), g('A', 1)]],
    ['genres before styles on equal releases', [s('A', 2), g('Z', 2)], [g('Z', 2), s('A', 2)]],
    ['releases outrank kind', [g('A', 1), s('B', 2)], [s('B', 2), g('A', 1)]],
    ['then name ascending', [g('b', 1), g('a', 1), g('B', 1)], [g('B', 1), g('a', 1), g('b', 1)]],
    [
      'all three keys',
      [s('Techno', 4), g('Rock', 1), s('House', 4), g('Electronic', 4), g('Pop', 1)],
      [g('Electronic', 4), s('House', 4), s('Techno', 4), g('Pop', 1), g('Rock', 1)],
    ],
    ['the same name in both kinds', [s('Jazz', 1), g('Jazz', 1)], [g('Jazz', 1), s('Jazz', 1)]],
  ];
  for (const [why, input, expected] of rows) it(why, () => assert.deepEqual(orderGenres(input), expected));

  it('keeps extra fields and leaves its input alone', () => {
    const input = [{ ...g('A', 1), extra: 1 }, { ...g('B', 2), extra: 2 }];
    const ordered = orderGenres(input);
    assert.deepEqual(ordered.map((row) => row.extra), [2, 1]);
    assert.deepEqual(input.map((row) => row.name), ['A', 'B']);
  });
});

describe('orderReleases', () => {
  const rows: [string, ReleaseRow[], ReleaseRow[]][] = [
    ['nothing', [], []],
    [
      'albums first, then oldest first',
      [r('Single', 'Single', 1990), r('Later', 'Album', 2000), r('Earlier', 'Album', 1995), r('EP', 'EP', 1980)],
      [r('Earlier', 'Album', 1995), r('Later', 'Album', 2000), r('EP', 'EP', 1980), r('Single', 'Single', 1990)],
    ],
    [
      'only the exact type "Album" counts as an album',
      [r('x', 'album', 1990), r('y', 'Album ', 1980), r('z', 'Album', 2020), r('w', 'ALBUM', 1970)],
      [r('z', 'Album', 2020), r('w', 'ALBUM', 1970), r('y', 'Album ', 1980), r('x', 'album', 1990)],
    ],
    [
      'then name ascending',
      [r('b', 'Album', 2000), r('B', 'Album', 2000), r('a', 'Album', 2000)],
      [r('B', 'Album', 2000), r('a', 'Album', 2000), r('b', 'Album', 2000)],
    ],
    [
      'then primary type, so every row has one place',
      [r('Same', 'Single', 2000), r('Same', 'EP', 2000)],
      [r('Same', 'EP', 2000), r('Same', 'Single', 2000)],
    ],
    [
      'non-albums of different types mix by year',
      [r('S', 'Single', 2001), r('E', 'EP', 2002), r('O', 'Other', 2000)],
      [r('O', 'Other', 2000), r('S', 'Single', 2001), r('E', 'EP', 2002)],
    ],
  ];
  for (const [why, input, expected] of rows) it(why, () => assert.deepEqual(orderReleases(input), expected));
});

describe('mainNebula', () => {
  const rows: [string, GenreRow[], boolean, GenreRow | undefined][] = [
    ['no rows', [], true, undefined],
    ['no row of that kind', [g('Rock', 5)], true, undefined],
    ['most releases', [s('House', 2), s('Techno', 5), g('Electronic', 9)], true, s('Techno', 5)],
    ['the genre kind', [s('House', 20), g('Rock', 1), g('Electronic', 9)], false, g('Electronic', 9)],
    ['ties by name ascending', [s('b', 3), s('B', 3), s('a', 3)], true, s('B', 3)],
    ['ties in code-point order', [s('🎵', 3), s('Ａ', 3)], true, s('Ａ', 3)],
  ];
  for (const [why, input, isStyle, expected] of rows) it(why, () => assert.deepEqual(mainNebula(input, isStyle), expected));
});

describe('cardRadio', () => {
  it('a style radio needs 8 stations', () => assert.equal(MIN_STYLE_RADIO, 8));
  const style = (size: number): NebulaSize => ({ name: 'Techno', size });
  const genre = (size: number): NebulaSize => ({ name: 'Electronic', size });
  const rows: [string, NebulaSize | undefined, NebulaSize | undefined, RadioRef | null][] = [
    ['style with 8 stations', style(8), genre(100), { name: 'Techno', kind: 'style' }],
    ['style with many stations', style(500), undefined, { name: 'Techno', kind: 'style' }],
    ['style with 7 falls back to the genre', style(7), genre(1), { name: 'Electronic', kind: 'genre' }],
    ['style with none falls back to the genre', style(0), genre(3), { name: 'Electronic', kind: 'genre' }],
    ['no style: the genre', undefined, genre(1), { name: 'Electronic', kind: 'genre' }],
    ['a genre with one station is enough', style(7), genre(1), { name: 'Electronic', kind: 'genre' }],
    ['a genre with no station is not', style(7), genre(0), null],
    ['nothing at all', undefined, undefined, null],
    ['a small style and no genre', style(3), undefined, null],
  ];
  for (const [why, mainStyle, mainGenre, expected] of rows) it(why, () => assert.deepEqual(cardRadio(mainStyle, mainGenre), expected));
});
