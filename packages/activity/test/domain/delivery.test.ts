import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterAttempt, classifyStatus, DELIVERY_STATES, leaseMillis, type AttemptResult } from '../../src/domain/delivery.ts';

const schedule = [10, 30] as const;
const now = 1_000_000;

describe('delivery state machine', () => {
  it('has exactly the spec states', () => assert.deepEqual(DELIVERY_STATES, ['pending', 'delivered', 'abandoned']));

  const statuses: [number, ReturnType<typeof classifyStatus>][] = [
    [200, 'delivered'], [201, 'delivered'], [204, 'delivered'], [299, 'delivered'],
    [400, 'abandoned'], [401, 'abandoned'], [403, 'abandoned'], [404, 'abandoned'], [410, 'abandoned'], [499, 'abandoned'],
    [408, 'retry'], [429, 'retry'], [500, 'retry'], [502, 'retry'], [503, 'retry'], [301, 'retry'], [302, 'retry'], [100, 'retry'], [199, 'retry'], [300, 'retry'],
  ];
  for (const [status, expected] of statuses) it(`${status} → ${expected}`, () => assert.equal(classifyStatus(status), expected));

  const rows: [string, number, AttemptResult, Partial<ReturnType<typeof afterAttempt>>][] = [
    ['2xx delivers', 0, { kind: 'answer', status: 200 }, { state: 'delivered', attempts: 1, deliveredAt: now, abandonedAt: null, lastStatus: 200, lastError: undefined }],
    ['a refusal abandons at once', 0, { kind: 'answer', status: 410 }, { state: 'abandoned', attempts: 1, abandonedAt: now, lastStatus: 410, lastError: 'the receiver refused the event with status 410' }],
    ['a refusal abandons even with Retry-After', 0, { kind: 'answer', status: 400, retryAfterSeconds: 5 }, { state: 'abandoned' }],
    ['500 is retried on the schedule', 0, { kind: 'answer', status: 500 }, { state: 'pending', attempts: 1, nextAttemptAt: now + 10_000, lastStatus: 500, lastError: 'the receiver answered with status 500', lastErrorAt: now }],
    ['the second failure waits the second delay', 1, { kind: 'answer', status: 503 }, { state: 'pending', attempts: 2, nextAttemptAt: now + 30_000 }],
    ['429 with Retry-After waits that long', 0, { kind: 'answer', status: 429, retryAfterSeconds: 90 }, { state: 'pending', nextAttemptAt: now + 90_000, lastStatus: 429 }],
    ['408 is retried', 0, { kind: 'answer', status: 408 }, { state: 'pending' }],
    ['Retry-After is capped at an hour', 0, { kind: 'answer', status: 503, retryAfterSeconds: 86_400 }, { nextAttemptAt: now + 3_600_000 }],
    ['no answer is retried with a null status', 0, { kind: 'failure', error: 'no answer within 100 ms' }, { state: 'pending', lastStatus: null, lastError: 'no answer within 100 ms' }],
    ['the last allowed failure abandons', 2, { kind: 'answer', status: 500 }, { state: 'abandoned', attempts: 3, abandonedAt: now }],
    ['the last allowed failure abandons despite Retry-After', 2, { kind: 'answer', status: 429, retryAfterSeconds: 1 }, { state: 'abandoned' }],
    ['a late success still delivers', 2, { kind: 'answer', status: 202 }, { state: 'delivered', attempts: 3 }],
  ];
  for (const [why, before, result, expected] of rows) {
    it(why, () => {
      const outcome = afterAttempt(before, result, schedule, now);
      for (const [key, value] of Object.entries(expected)) assert.deepEqual(outcome[key as keyof typeof outcome], value, key);
    });
  }

  it('leases twice the attempt time-out plus a second', () => {
    assert.equal(leaseMillis(10_000), 21_000);
    assert.equal(leaseMillis(500), 2000);
  });
});
