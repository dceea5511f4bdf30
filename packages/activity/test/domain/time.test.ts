import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTimestamp, parseDate, parseTimestamp } from '../../src/domain/time.ts';

describe('timestamps and dates', () => {
  const good: [string, string][] = [
    ['2025-03-10T08:00:00Z', '2025-03-10T08:00:00.000Z'],
    ['2025-03-10T08:00:00.123Z', '2025-03-10T08:00:00.123Z'],
    ['2025-03-10T08:00:00.123456789Z', '2025-03-10T08:00:00.123Z'],
    ['2025-03-10T09:30:00+01:30', '2025-03-10T08:00:00.000Z'],
    ['2025-03-10T00:00:00-05:00', '2025-03-10T05:00:00.000Z'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59.000Z'],
  ];
  for (const [text, iso] of good) it(`reads ${text}`, () => assert.equal(formatTimestamp(parseTimestamp(text)!), iso));

  for (const bad of ['2025-03-10 08:00:00Z', '2025-03-10T08:00:00', '2025-02-29T00:00:00Z', '2025-13-01T00:00:00Z', '2025-03-10T08:60:00Z', '2025-03-10T08:00:60Z', '2025-03-10T08:00:00+25:00', '1969-12-31T23:59:59Z', 'now', '', '2025-03-10T08:00:00Z ', '１２']) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(parseTimestamp(bad), undefined));
  }

  it('reads only real calendar days', () => {
    assert.equal(parseDate('2024-02-29'), '2024-02-29');
    for (const bad of ['2025-02-29', '2025-04-31', '2025-3-1', '20250301', '2025-03-01T00:00:00Z', '../../etc']) assert.equal(parseDate(bad), undefined, bad);
  });
});
