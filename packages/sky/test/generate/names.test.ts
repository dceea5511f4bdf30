import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mbidOf } from '../../src/generate/artists.ts';
import { ARTIST_KINDS, article, artistName, slug } from '../../src/generate/names.ts';
import { Random, Stream } from '../../src/generate/random.ts';
import { addDiacritics, toCyrillic, toGreek } from '../../src/generate/scripts.ts';

describe('names', () => {
  it('folds diacritics and other scripts out of slugs', () => {
    const random = new Random(1, Stream.identity, 0);
    assert.equal(slug('Motörhead', random), 'motorhead');
    assert.equal(slug('Sigur Rós', random), 'sigurros');
    assert.match(slug('山田太郎', random), /^[a-z]+[0-9]+$/);
  });

  it('accents a Latin name without changing its length in characters', () => {
    const random = new Random(2, Stream.identity, 0);
    const name = addDiacritics('Bjork', random);
    assert.notEqual(name, 'Bjork');
    assert.equal(Array.from(name).length, 5);
  });

  it('renders names in Cyrillic and Greek, with a final sigma', () => {
    assert.equal(toCyrillic('Ivan Petrov'), 'Иван Петров');
    assert.equal(toGreek('Nikos'), 'Νικος');
  });

  it('names every kind of artist in every script', () => {
    const random = new Random(3, Stream.identity, 0);
    for (const kind of ARTIST_KINDS) {
      for (const script of ['latin', 'japanese', 'cyrillic', 'greek', 'arabic', 'korean'] as const) {
        const name = artistName(kind, script, 0.5, random);
        assert.ok(name.trim().length > 0 && name === name.trim(), `${kind}/${script}: ${JSON.stringify(name)}`);
      }
    }
  });

  it('uses the article the next word needs', () => {
    assert.equal(article('Electronic'), 'an');
    assert.equal(article('crimson'), 'a');
  });

  it('shapes mbids as version-4 UUIDs, unique per slot', () => {
    const seen = new Set<string>();
    for (let slot = 0; slot < 50000; slot++) {
      const mbid = mbidOf(9, slot);
      assert.match(mbid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      seen.add(mbid);
    }
    assert.equal(seen.size, 50000);
    assert.notEqual(mbidOf(1, 0), mbidOf(2, 0));
  });
});
