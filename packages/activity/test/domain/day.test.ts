import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '@quartet/common';
import { checkDay, dayView, type DayUpload } from '../../src/domain/day.ts';
import { CLOSE_WINDOW_MS, closesDay, firstFinishedAt } from '../../src/domain/day-close.ts';

const now = Date.parse('2025-03-10T18:00:00Z');
const day = (over: Partial<DayUpload> = {}): DayUpload => ({ kind: 'work', started_at: '2025-03-10T08:00:00Z', ended_at: '2025-03-10T16:30:00Z', pauses: [], ...over });

describe('day upload', () => {
  it('computes worked seconds as the span less its pauses', () => {
    const d = checkDay('2025-03-10', day({ pauses: [{ started_at: '2025-03-10T12:00:00Z', ended_at: '2025-03-10T12:30:00Z' }, { started_at: '2025-03-10T10:00:00+00:00', ended_at: '2025-03-10T10:15:00Z' }] }), now);
    assert.equal(d.workedSeconds, 8.5 * 3600 - 45 * 60);
    assert.deepEqual(d.pauses.map((p) => p.startedAt), [Date.parse('2025-03-10T10:00:00Z'), Date.parse('2025-03-10T12:00:00Z')]);
  });

  it('keeps an open day open, with its last pause open', () => {
    const d = checkDay('2025-03-10', day({ ended_at: null, pauses: [{ started_at: '2025-03-10T12:00:00Z', ended_at: null }] }), now);
    assert.equal(d.endedAt, null);
    assert.equal(d.workedSeconds, null);
    assert.deepEqual(dayView(d), { date: '2025-03-10', kind: 'work', started_at: '2025-03-10T08:00:00.000Z', ended_at: null, pauses: [{ started_at: '2025-03-10T12:00:00.000Z', ended_at: null }], worked_seconds: null });
  });

  it('reads time zones and normalizes to UTC', () => {
    const d = checkDay('2025-03-10', day({ started_at: '2025-03-10T09:00:00.5+01:00', ended_at: '2025-03-10T17:00:00+01:00' }), now);
    assert.equal(dayView(d).started_at, '2025-03-10T08:00:00.500Z');
  });

  const refused: [string, string, DayUpload][] = [
    ['an impossible date', '2025-02-30', day()],
    ['a date with a time', '2025-03-10T00:00', day()],
    ['a start without zone', '2025-03-10', day({ started_at: '2025-03-10T08:00:00' })],
    ['a start that is not a time', '2025-03-10', day({ started_at: "'; DROP TABLE days; --" })],
    ['hour 24', '2025-03-10', day({ started_at: '2025-03-10T24:00:00Z' })],
    ['an end before the start', '2025-03-10', day({ ended_at: '2025-03-10T07:00:00Z' })],
    ['a span over 48 hours', '2025-03-10', day({ ended_at: '2025-03-12T08:00:01Z' })],
    ['a start far from the date', '2025-03-01', day()],
    ['an end in the future', '2025-03-10', day({ ended_at: '2025-03-10T18:06:00Z' })],
    ['a pause before the start', '2025-03-10', day({ pauses: [{ started_at: '2025-03-10T07:00:00Z', ended_at: '2025-03-10T08:30:00Z' }] })],
    ['a pause after the end', '2025-03-10', day({ pauses: [{ started_at: '2025-03-10T16:00:00Z', ended_at: '2025-03-10T17:00:00Z' }] })],
    ['overlapping pauses', '2025-03-10', day({ pauses: [{ started_at: '2025-03-10T10:00:00Z', ended_at: '2025-03-10T11:00:00Z' }, { started_at: '2025-03-10T10:30:00Z', ended_at: '2025-03-10T12:00:00Z' }] })],
    ['an open pause in a finished day', '2025-03-10', day({ pauses: [{ started_at: '2025-03-10T10:00:00Z', ended_at: null }] })],
    ['an open pause that is not the last', '2025-03-10', day({ ended_at: null, pauses: [{ started_at: '2025-03-10T10:00:00Z', ended_at: null }, { started_at: '2025-03-10T11:00:00Z', ended_at: '2025-03-10T11:10:00Z' }] })],
    ['a pause ending before it starts', '2025-03-10', day({ pauses: [{ started_at: '2025-03-10T11:00:00Z', ended_at: '2025-03-10T10:00:00Z' }] })],
    ['too many pauses', '2025-03-10', day({ pauses: Array.from({ length: 501 }, () => ({ started_at: '2025-03-10T10:00:00Z', ended_at: '2025-03-10T10:00:00Z' })) })],
  ];
  for (const [why, date, upload] of refused) {
    it(`refuses ${why} with bad_request`, () => {
      assert.throws(() => checkDay(date, upload, now), (e: unknown) => e instanceof ServiceError && e.code === 'bad_request' && e.status === 400);
    });
  }
});

describe('day close rule', () => {
  const H = 3_600_000;
  // [why, previous first-finished mark (undefined: no stored day), ended_at, closes?]
  const table: [string, { firstFinishedAt: number | null } | undefined, number | null, boolean][] = [
    ['a new finished day that ended an hour ago', undefined, now - H, true],
    ['a new finished day that ended just now', undefined, now, true],
    ['a new finished day that ended exactly 24 h ago', undefined, now - CLOSE_WINDOW_MS, true],
    ['a backlog day that ended 24 h and 1 ms ago', undefined, now - CLOSE_WINDOW_MS - 1, false],
    ['a backlog day from last month', undefined, now - 30 * 24 * H, false],
    ['an open day', undefined, null, false],
    ['a stored open day arriving finished', { firstFinishedAt: null }, now - H, true],
    ['a re-sent finished day', { firstFinishedAt: now - H }, now - H, false],
    ['a corrected end of a finished day', { firstFinishedAt: now - H }, now - 2 * H, false],
    ['a finished day that was reopened and finished again', { firstFinishedAt: now - 2 * H }, now, false],
  ];
  for (const [why, previous, endedAt, closes] of table) {
    it(`${why}: ${closes ? 'closes' : 'does not close'}`, () => assert.equal(closesDay(previous, endedAt, now), closes));
  }

  it('remembers the first finished arrival, even a backlog one', () => {
    assert.equal(firstFinishedAt(undefined, null, now), null);
    assert.equal(firstFinishedAt(undefined, now - 30 * 24 * H, now), now);
    assert.equal(firstFinishedAt({ firstFinishedAt: 5 }, null, now), 5);
    assert.equal(firstFinishedAt({ firstFinishedAt: null }, now - H, now), now);
  });
});
