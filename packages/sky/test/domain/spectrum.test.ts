import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GENRE_BANDS, STYLE_BANDS, spectrum } from '../../src/domain/spectrum.ts';
import type { Band } from '../../src/domain/spectrum.ts';
import type { GenreRow } from '../../src/domain/nebula-shares.ts';

const g = (name: string, releases: number): GenreRow => ({ name, is_style: false, releases });
const s = (name: string, releases: number): GenreRow => ({ name, is_style: true, releases });
const gb = (name: string, a: number, b: number): Band => ({ name, is_style: false, a, b });
const sb = (name: string, a: number, b: number): Band => ({ name, is_style: true, a, b });

describe('spectrum', () => {
  it('allows 6 genre and 8 style bands', () => {
    assert.equal(GENRE_BANDS, 6);
    assert.equal(STYLE_BANDS, 8);
  });

  const rows: [string, GenreRow[], GenreRow[], Band[]][] = [
    ['nothing carried', [], [], []],
    [
      'genres first, then styles; shares of each one’s own discography',
      [s('Techno', 1), g('Electronic', 3), g('Rock', 1), s('House', 3)],
      [g('Electronic', 1), s('Techno', 2)],
      [gb('Electronic', 0.75, 1), gb('Rock', 0.25, 0), sb('Techno', 0.25, 1), sb('House', 0.75, 0)],
    ],
    [
      'a band only one star has is kept, with 0 for the other',
      [g('Jazz', 1)],
      [g('Rock', 1)],
      [gb('Jazz', 1, 0), gb('Rock', 0, 1)],
    ],
    [
      'ordered by the larger of the two shares, then name',
      [g('A', 1), g('B', 1), g('C', 2)],
      [g('A', 3), g('D', 1)],
      [gb('A', 0.25, 0.75), gb('C', 0.5, 0), gb('B', 0.25, 0), gb('D', 0, 0.25)],
    ],
    [
      'compared by shares, not counts',
      [g('Rock', 100), g('Pop', 300)],
      [g('Rock', 1)],
      [gb('Rock', 0.25, 1), gb('Pop', 0.75, 0)],
    ],
    [
      'a genre and a style of the same name are two bands',
      [g('Jazz', 1), s('Jazz', 1)],
      [g('Jazz', 1)],
      [gb('Jazz', 1, 1), sb('Jazz', 1, 0)],
    ],
    [
      'ties by name in code-point order',
      [g('🎵', 1), g('Ａ', 1), g('b', 1), g('B', 1)],
      [],
      [gb('B', 0.25, 0), gb('b', 0.25, 0), gb('Ａ', 0.25, 0), gb('🎵', 0.25, 0)],
    ],
    [
      'rows without releases carry nothing',
      [g('Rock', 0), g('Pop', 2)],
      [],
      [gb('Pop', 1, 0)],
    ],
  ];
  for (const [why, a, b, expected] of rows) it(why, () => assert.deepEqual(spectrum(a, b), expected));

  it('keeps the 6 genre and 8 style bands that matter most to either star', () => {
    const a = [...'abcdefghij'].map((name, i) => g(name, 10 - i)).concat([...'klmnopqrst'].map((name, i) => s(name, i + 1)));
    const b = [g('z', 1000)];
    const bands = spectrum(a, b);
    assert.deepEqual(bands.map((band) => band.name), ['z', 'a', 'b', 'c', 'd', 'e', 't', 's', 'r', 'q', 'p', 'o', 'n', 'm']);
    assert.equal(bands.filter((band) => !band.is_style).length, 6);
    assert.equal(bands.filter((band) => band.is_style).length, 8);
    assert.deepEqual(bands[0], gb('z', 0, 1));
    assert.deepEqual(bands[1], gb('a', 10 / 55, 0));
  });
});
