import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { daysInMonth, isLeapYear, parseDay } from '../../src/domain/day.ts';

describe('parseDay', () => {
  const rows: [string, string | undefined][] = [
    ['2024-01-01', '2024-01-01'],
    ['2023-12-31', '2023-12-31'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['1600-02-29', '1600-02-29'],
    ['0000-02-29', '0000-02-29'],
    ['0001-01-01', '0001-01-01'],
    ['9999-12-31', '9999-12-31'],
    ['2023-04-30', '2023-04-30'],
    ['2023-02-28', '2023-02-28'],
    ['2023-02-29', undefined],
    ['1900-02-29', undefined],
    ['2100-02-29', undefined],
    ['2024-02-30', undefined],
    ['2023-04-31', undefined],
    ['2023-06-31', undefined],
    ['2023-09-31', undefined],
    ['2023-11-31', undefined],
    ['2023-01-32', undefined],
    ['2023-01-00', undefined],
    ['2023-00-01', undefined],
    ['2023-13-01', undefined],
    ['2023-1-01', undefined],
    ['2023-01-1', undefined],
    ['23-01-01', undefined],
    ['12023-01-01', undefined],
    ['+2023-01-01', undefined],
    ['-2023-01-01', undefined],
    [' 2023-01-01', undefined],
    ['2023-01-01 ', undefined],
    ['2023-01-01\n', undefined],
    ['2023/01/01', undefined],
    ['2023.01.01', undefined],
    ['20230101', undefined],
    ['2023-01-01T00:00:00Z', undefined],
    ['2023-01-01Z', undefined],
    ['２０２３-01-01', undefined],
    ['٢٠٢٣-01-01', undefined],
    ['', undefined],
    ['today', undefined],
    ['2023-01-01'.repeat(10_000), undefined],
  ];
  for (const [text, expected] of rows) it(`${JSON.stringify(text.slice(0, 30))} → ${expected}`, () => assert.equal(parseDay(text), expected));

  it('refuses a value that is not a string', () => {
    assert.equal(parseDay(['2024-01-01'] as unknown as string), undefined);
    assert.equal(parseDay(undefined as unknown as string), undefined);
  });

  it('accepts exactly the days of a leap year and of a common year', () => {
    let leap = 0;
    let common = 0;
    for (let month = 1; month <= 13; month++) {
      for (let day = 0; day <= 32; day++) {
        const pad = (n: number) => String(n).padStart(2, '0');
        if (parseDay(`2024-${pad(month)}-${pad(day)}`) !== undefined) leap++;
        if (parseDay(`2023-${pad(month)}-${pad(day)}`) !== undefined) common++;
      }
    }
    assert.equal(leap, 366);
    assert.equal(common, 365);
  });
});

describe('calendar helpers', () => {
  const leap: [number, boolean][] = [[2024, true], [2023, false], [2000, true], [1900, false], [2100, false], [0, true], [4, true]];
  for (const [year, expected] of leap) it(`${year} leap: ${expected}`, () => assert.equal(isLeapYear(year), expected));
  const months: [number, number, number][] = [[2023, 1, 31], [2023, 2, 28], [2024, 2, 29], [2023, 4, 30], [2023, 6, 30], [2023, 9, 30], [2023, 11, 30], [2023, 12, 31], [2023, 7, 31], [2023, 8, 31]];
  for (const [year, month, expected] of months) it(`${year}-${month} has ${expected} days`, () => assert.equal(daysInMonth(year, month), expected));
});
