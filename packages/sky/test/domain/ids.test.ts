import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_LOOKUP_IDS, parseId, parseIdList } from '../../src/domain/ids.ts';

describe('parseId', () => {
  const rows: [string, number | undefined][] = [
    ['1', 1],
    ['7', 7],
    ['42', 42],
    ['1000000', 1_000_000],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['9007199254740992', undefined],
    ['9999999999999999', undefined],
    ['99999999999999999999', undefined],
    ['1'.repeat(100_000), undefined],
    ['', undefined],
    ['0', undefined],
    ['00', undefined],
    ['01', undefined],
    ['007', undefined],
    ['-1', undefined],
    ['+1', undefined],
    ['-0', undefined],
    ['1e3', undefined],
    ['1E3', undefined],
    ['0x10', undefined],
    ['0b1', undefined],
    ['0o7', undefined],
    ['1.0', undefined],
    ['1.', undefined],
    ['.5', undefined],
    ['1_000', undefined],
    [' 1', undefined],
    ['1 ', undefined],
    ['1\n', undefined],
    ['\t1', undefined],
    ['Infinity', undefined],
    ['NaN', undefined],
    ['abc', undefined],
    ['12a', undefined],
    ['١٢', undefined], // Arabic-Indic digits
    ['１２', undefined], // full-width digits
    ['1,2', undefined],
  ];
  for (const [text, expected] of rows) it(`${JSON.stringify(text.slice(0, 30))} → ${expected}`, () => assert.equal(parseId(text), expected));

  it('refuses a value that is not a string', () => {
    assert.equal(parseId(['1'] as unknown as string), undefined);
    assert.equal(parseId(1 as unknown as string), undefined);
    assert.equal(parseId(undefined as unknown as string), undefined);
  });
});

describe('parseIdList', () => {
  it('allows 50 ids', () => assert.equal(MAX_LOOKUP_IDS, 50));

  const rows: [string, { ids: number[]; given: number } | undefined][] = [
    ['1', { ids: [1], given: 1 }],
    ['3,1,2', { ids: [3, 1, 2], given: 3 }],
    ['3,1,3,2,1', { ids: [3, 1, 2], given: 5 }],
    ['5,5,5', { ids: [5], given: 3 }],
    ['9007199254740991,1', { ids: [Number.MAX_SAFE_INTEGER, 1], given: 2 }],
    ['', undefined],
    [',', undefined],
    ['1,', undefined],
    [',1', undefined],
    ['1,,2', undefined],
    ['1, 2', undefined],
    ['1 ,2', undefined],
    ['1,0', undefined],
    ['1,-2', undefined],
    ['1,2.5', undefined],
    ['1,1e3', undefined],
    ['1,x', undefined],
    ['1,02', undefined],
    ['1;2', undefined],
    ['1,9007199254740992', undefined],
  ];
  for (const [text, expected] of rows) it(`${JSON.stringify(text)}`, () => assert.deepEqual(parseIdList(text), expected));

  it('counts every element given, so the route can refuse more than 50 even when they repeat', () => {
    const fiftyOne = Array.from({ length: 51 }, () => '7').join(',');
    assert.deepEqual(parseIdList(fiftyOne), { ids: [7], given: 51 });
    const fifty = Array.from({ length: 50 }, (_, i) => String(i + 1)).join(',');
    const parsed = parseIdList(fifty);
    assert.equal(parsed?.given, 50);
    assert.equal(parsed?.ids.length, 50);
    assert.equal(parsed?.ids[49], 50);
  });

  it('one bad element among many refuses the whole list', () => {
    const ids = Array.from({ length: 40 }, (_, i) => String(i + 1));
    ids[20] = '0';
    assert.equal(parseIdList(ids.join(',')), undefined);
  });

  it('handles a very long list', () => {
    const parsed = parseIdList(Array.from({ length: 100_000 }, (_, i) => String((i % 10) + 1)).join(','));
    assert.deepEqual(parsed, { ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], given: 100_000 });
  });

  it('refuses a value that is not a string (a repeated parameter)', () => {
    assert.equal(parseIdList(['1', '2'] as unknown as string), undefined);
  });
});
