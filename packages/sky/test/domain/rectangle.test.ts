import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBound, parseRectangle } from '../../src/domain/rectangle.ts';
import type { Rectangle } from '../../src/domain/rectangle.ts';

const query = (min_x: unknown, min_y: unknown, max_x: unknown, max_y: unknown) => ({ min_x, min_y, max_x, max_y });

describe('parseBound', () => {
  const rows: [unknown, number | undefined][] = [
    ['0', 0],
    ['1', 1],
    ['-1', -1],
    ['+1', 1],
    ['1.5', 1.5],
    ['-0.25', -0.25],
    ['.5', 0.5],
    ['-.5', -0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-3', 0.001],
    ['2.5e+2', 250],
    ['007', 7],
    ['-0', 0],
    ['123456789.125', 123456789.125],
    ['1e308', 1e308],
    ['1e999', undefined],
    ['-1e999', undefined],
    ['1e-999', 0],
    ['', undefined],
    [' ', undefined],
    [' 1', undefined],
    ['1 ', undefined],
    ['NaN', undefined],
    ['Infinity', undefined],
    ['-Infinity', undefined],
    ['0x10', undefined],
    ['0b1', undefined],
    ['0o7', undefined],
    ['1_000', undefined],
    ['1,5', undefined],
    ['1.2.3', undefined],
    ['.', undefined],
    ['-', undefined],
    ['e5', undefined],
    ['1e', undefined],
    ['--1', undefined],
    ['１', undefined],
    ['1' + '0'.repeat(400), undefined],
    ['0.' + '0'.repeat(100_000) + 'x', undefined],
    [['1', '2'], undefined],
    [undefined, undefined],
    [null, undefined],
    [{}, undefined],
    [true, undefined],
    [3.5, 3.5],
    [-0, 0],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ];
  for (const [value, expected] of rows) {
    it(`${typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : String(value)} → ${expected}`, () => {
      const parsed = parseBound(value);
      assert.equal(parsed, expected);
      if (parsed === 0) assert.ok(Object.is(parsed, 0), 'never -0');
    });
  }
});

describe('parseRectangle', () => {
  const rows: [string, Record<string, unknown>, Rectangle | undefined][] = [
    ['ordered bounds', query('0', '1', '2', '3'), { minX: 0, minY: 1, maxX: 2, maxY: 3 }],
    ['reversed x', query('2', '1', '0', '3'), { minX: 0, minY: 1, maxX: 2, maxY: 3 }],
    ['reversed y', query('0', '3', '2', '1'), { minX: 0, minY: 1, maxX: 2, maxY: 3 }],
    ['both reversed', query('5', '5', '-5', '-5'), { minX: -5, minY: -5, maxX: 5, maxY: 5 }],
    ['a point', query('1.5', '1.5', '1.5', '1.5'), { minX: 1.5, minY: 1.5, maxX: 1.5, maxY: 1.5 }],
    ['decimals', query('-0.5', '.25', '1e2', '-1e-1'), { minX: -0.5, minY: -0.1, maxX: 100, maxY: 0.25 }],
    ['extra parameters are ignored', { ...query('0', '0', '1', '1'), q: 'x', min_z: 'bad' }, { minX: 0, minY: 0, maxX: 1, maxY: 1 }],
    ['missing min_x', { min_y: '0', max_x: '1', max_y: '1' }, undefined],
    ['missing max_y', { min_x: '0', min_y: '0', max_x: '1' }, undefined],
    ['nothing', {}, undefined],
    ['empty bound', query('', '0', '1', '1'), undefined],
    ['NaN bound', query('0', 'NaN', '1', '1'), undefined],
    ['Infinity bound', query('0', '0', 'Infinity', '1'), undefined],
    ['overflowing bound', query('0', '0', '1', '1e999'), undefined],
    ['hex bound', query('0x1', '0', '1', '1'), undefined],
    ['repeated parameter', query(['0', '1'], '0', '1', '1'), undefined],
    ['upper-case name', { MIN_X: '0', min_y: '0', max_x: '1', max_y: '1' }, undefined],
  ];
  for (const [why, input, expected] of rows) it(why, () => assert.deepEqual(parseRectangle(input), expected));

  it('does not read bounds from the prototype', () => {
    const inherited = Object.create({ min_x: '0' }) as Record<string, unknown>;
    Object.assign(inherited, { min_y: '0', max_x: '1', max_y: '1' });
    assert.equal(parseRectangle(inherited), undefined);
  });

  it('works on a query object without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, query('1', '2', '3', '4'));
    assert.deepEqual(parseRectangle(bare), { minX: 1, minY: 2, maxX: 3, maxY: 4 });
  });

  it('refuses a query that is not an object', () => {
    assert.equal(parseRectangle(null as unknown as Record<string, unknown>), undefined);
    assert.equal(parseRectangle('min_x=0' as unknown as Record<string, unknown>), undefined);
  });
});
