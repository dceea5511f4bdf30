import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY_SCHEDULE, parseRetryAfter, parseRetrySchedule, retryDelay } from '../../src/domain/retry-schedule.ts';

describe('retry schedule', () => {
  it('parses comma-separated seconds, decimals and blanks allowed', () => {
    assert.deepEqual(parseRetrySchedule('10,30,60'), [10, 30, 60]);
    assert.deepEqual(parseRetrySchedule(' 0.2 , 0.5,1 '), [0.2, 0.5, 1]);
    assert.deepEqual(parseRetrySchedule('0'), [0]);
    assert.deepEqual(parseRetrySchedule(''), []);
    assert.deepEqual(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE.join(',')), DEFAULT_RETRY_SCHEDULE);
  });

  for (const bad of ['a', '10,,20', '-1', '1e3', '10;20', '0x10', '604801', '1.2345', 'NaN', ',', Array(101).fill('1').join(',')]) {
    it(`refuses ${JSON.stringify(bad.slice(0, 20))}`, () => assert.throws(() => parseRetrySchedule(bad), /comma-separated numbers of seconds/));
  }

  // [schedule, attempts made, Retry-After, expected delay ms or undefined (abandon)]
  const table: [readonly number[], number, number | undefined, number | undefined][] = [
    [DEFAULT_RETRY_SCHEDULE, 1, undefined, 10_000],
    [DEFAULT_RETRY_SCHEDULE, 2, undefined, 30_000],
    [DEFAULT_RETRY_SCHEDULE, 10, undefined, 28_800_000],
    [DEFAULT_RETRY_SCHEDULE, 11, undefined, undefined],
    [DEFAULT_RETRY_SCHEDULE, 1, 120, 120_000],
    [DEFAULT_RETRY_SCHEDULE, 1, 0, 0],
    [DEFAULT_RETRY_SCHEDULE, 5, 3600, 3_600_000],
    [DEFAULT_RETRY_SCHEDULE, 5, 3601, 3_600_000],
    [DEFAULT_RETRY_SCHEDULE, 5, 999_999, 3_600_000],
    [DEFAULT_RETRY_SCHEDULE, 11, 5, undefined],
    [[0.2, 0.5], 1, undefined, 200],
    [[0.2, 0.5], 2, undefined, 500],
    [[0.2, 0.5], 3, undefined, undefined],
    [[], 1, undefined, undefined],
  ];
  for (const [schedule, attempts, retryAfter, expected] of table) {
    it(`after attempt ${attempts} of [${schedule.join(',')}] with Retry-After ${retryAfter}: ${expected ?? 'abandon'}`, () => {
      assert.equal(retryDelay(schedule, attempts, retryAfter), expected);
    });
  }

  it('reads Retry-After as whole seconds only', () => {
    assert.equal(parseRetryAfter('120'), 120);
    assert.equal(parseRetryAfter(' 7 '), 7);
    assert.equal(parseRetryAfter(5), 5);
    for (const bad of [undefined, '', '1.5', '-3', 'Wed, 21 Oct 2015 07:28:00 GMT', 1.5, -1, null, ['5'], '99999999999']) {
      assert.equal(parseRetryAfter(bad), undefined, String(bad));
    }
  });
});
