import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAtLeastATenth, nebulaShares, shareOf } from '../../src/domain/nebula-shares.ts';
import type { GenreRow } from '../../src/domain/nebula-shares.ts';

const g = (name: string, releases: number): GenreRow => ({ name, is_style: false, releases });
const s = (name: string, releases: number): GenreRow => ({ name, is_style: true, releases });

describe('nebulaShares', () => {
  it('shares within each kind separately', () => {
    const shares = nebulaShares([g('Electronic', 6), g('Rock', 2), s('Techno', 1), s('House', 3), s('Electronic', 4)]);
    assert.deepEqual([...shares.genres.releases], [['Electronic', 6], ['Rock', 2]]);
    assert.equal(shares.genres.total, 8);
    assert.deepEqual([...shares.styles.releases], [['Techno', 1], ['House', 3], ['Electronic', 4]]);
    assert.equal(shares.styles.total, 8);
    assert.equal(shareOf(shares.genres, 'Electronic'), 0.75);
    assert.equal(shareOf(shares.styles, 'Electronic'), 0.5);
    assert.equal(shareOf(shares.genres, 'Rock'), 0.25);
    assert.equal(shareOf(shares.styles, 'Techno'), 0.125);
    assert.equal(shareOf(shares.genres, 'Techno'), 0, 'a style is not a genre');
    assert.equal(shareOf(shares.styles, 'Jazz'), 0);
  });

  it('an artist with no rows has no shares', () => {
    const shares = nebulaShares([]);
    assert.equal(shares.genres.total, 0);
    assert.equal(shareOf(shares.genres, 'Rock'), 0);
    assert.equal(isAtLeastATenth(shares.genres, 'Rock'), false);
  });

  it('repeated rows of one name add up; rows without positive finite releases count as none', () => {
    const shares = nebulaShares([g('Rock', 1), g('Rock', 2), g('Pop', 0), g('Jazz', -3), g('Folk', Number.NaN), g('Blues', Number.POSITIVE_INFINITY)]);
    assert.deepEqual([...shares.genres.releases], [['Rock', 3]]);
    assert.equal(shares.genres.total, 3);
    assert.equal(shareOf(shares.genres, 'Rock'), 1);
    assert.equal(shareOf(shares.genres, 'Pop'), 0);
  });

  const tenths: [string, GenreRow[], string, boolean][] = [
    ['exactly a tenth', [g('A', 1), g('B', 9)], 'A', true],
    ['exactly a tenth of a larger count', [g('A', 3), g('B', 27)], 'A', true],
    ['just under a tenth', [g('A', 1), g('B', 10)], 'A', false],
    ['large counts just under', [g('A', 99_999_999), g('B', 900_000_001)], 'A', false],
    ['large counts exactly', [g('A', 100_000_000), g('B', 900_000_000)], 'A', true],
    ['all of it', [g('A', 1)], 'A', true],
    ['not carried', [g('A', 1)], 'B', false],
  ];
  for (const [why, rows, name, expected] of tenths) {
    it(`at least a tenth: ${why}`, () => assert.equal(isAtLeastATenth(nebulaShares(rows).genres, name), expected));
  }
});
