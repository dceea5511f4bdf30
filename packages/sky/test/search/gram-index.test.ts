import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildGramIndex, gramsOf, NameList, searchGrams } from '../../src/search/gram-index.ts';

// Folded names in rank order (ordinal 0 is the best ranked).
const names = ['abcxbc', 'xabc', 'bc', 'zzz', 'abcabc', '坂本龍一', 'a🎵b🎵c', 'cab'];
const index = buildGramIndex(names);

describe('gram index', () => {
  it('keeps the names in rank order', () => {
    assert.equal(index.names.length, names.length);
    names.forEach((name, i) => assert.equal(index.names.at(i), name));
    assert.equal(new NameList([]).length, 0);
  });

  it('takes distinct bigrams and trigrams by code point', () => {
    assert.deepEqual([...gramsOf('abab', 2)], ['ab', 'ba']);
    assert.deepEqual([...gramsOf('a🎵b', 2)], ['a🎵', '🎵b']);
    assert.deepEqual([...gramsOf('ab', 3)], []);
  });

  it('answers a 2-character term with its bigram list, best ranked first, up to the limit', () => {
    assert.deepEqual(searchGrams(index, 'bc', 10), [0, 1, 2, 4]);
    assert.deepEqual(searchGrams(index, 'bc', 2), [0, 1]);
    assert.deepEqual(searchGrams(index, '龍一', 10), [5]);
    assert.deepEqual(searchGrams(index, '🎵b', 10), [6]);
    assert.deepEqual(searchGrams(index, 'qq', 10), []);
  });

  it('confirms longer terms on the name, since all trigrams present do not make a substring', () => {
    assert.deepEqual(searchGrams(index, 'abc', 10), [0, 1, 4]);
    assert.deepEqual(searchGrams(index, 'abcabc', 10), [4]);
    assert.deepEqual(searchGrams(index, 'bcab', 10), [4]);
    // Every trigram of 'xbcab' (xbc, bca, cab) is in some name, yet no name contains it.
    assert.deepEqual(searchGrams(index, 'xbcab', 10), []);
    assert.deepEqual(searchGrams(index, 'zzzz', 10), []);
    assert.deepEqual(searchGrams(index, '坂本龍一', 10), [5]);
  });

  it('answers nothing for terms under two characters or a zero limit', () => {
    assert.deepEqual(searchGrams(index, 'a', 10), []);
    assert.deepEqual(searchGrams(index, '', 10), []);
    assert.deepEqual(searchGrams(index, 'abc', 0), []);
  });

  it('agrees with a plain scan on random names and terms', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'abcdé🎵';
    const word = (n: number) => Array.from({ length: n }, () => [...alphabet][Math.floor(random() * 6)]).join('');
    const many = Array.from({ length: 500 }, () => word(2 + Math.floor(random() * 10)));
    const big = buildGramIndex(many);
    for (let i = 0; i < 300; i++) {
      const term = word(2 + Math.floor(random() * 4));
      const expected = many.map((name, o) => (name.includes(term) ? o : -1)).filter((o) => o >= 0).slice(0, 20);
      assert.deepEqual(searchGrams(big, term, 20), expected, term);
    }
  });
});
