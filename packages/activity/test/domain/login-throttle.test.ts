import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combineDecisions, LOGIN_THROTTLE, throttleDecision } from '../../src/domain/login-throttle.ts';
import { expiryFrom, isLive, SESSION_LIFETIME_SECONDS, shouldExtend } from '../../src/domain/session-lifetime.ts';

const now = 100_000_000;
const M = 60_000;

describe('login throttle', () => {
  it('is 10 failures in 15 minutes', () => assert.deepEqual({ ...LOGIN_THROTTLE }, { failures: 10, windowMs: 15 * M }));

  it('lets nine recent failures through', () => {
    assert.deepEqual(throttleDecision(Array.from({ length: 9 }, (_, i) => now - i * M), now), { blocked: false });
  });

  it('blocks at ten, until the oldest leaves the window', () => {
    const failures = Array.from({ length: 10 }, (_, i) => now - i * M); // oldest 9 min ago
    assert.deepEqual(throttleDecision(failures, now), { blocked: true, retryAfterSeconds: 6 * 60 });
  });

  it('counts only failures within the window', () => {
    const failures = [...Array.from({ length: 9 }, () => now - M), now - 15 * M, now - 16 * M];
    assert.deepEqual(throttleDecision(failures, now), { blocked: false });
  });

  it('with many failures waits until fewer than ten remain', () => {
    const failures = Array.from({ length: 12 }, (_, i) => now - i * M); // 0..11 min ago
    // The 10th newest is 9 min ago: free at +6 min.
    assert.deepEqual(throttleDecision(failures, now), { blocked: true, retryAfterSeconds: 360 });
  });

  it('never asks to wait less than a second', () => {
    const failures = Array.from({ length: 10 }, () => now - 15 * M + 1);
    assert.deepEqual(throttleDecision(failures, now), { blocked: true, retryAfterSeconds: 1 });
  });

  it('takes the strictest of email and address', () => {
    assert.deepEqual(combineDecisions([{ blocked: false }, { blocked: true, retryAfterSeconds: 5 }, { blocked: true, retryAfterSeconds: 9 }]), { blocked: true, retryAfterSeconds: 9 });
    assert.deepEqual(combineDecisions([{ blocked: false }, { blocked: false }]), { blocked: false });
  });
});

describe('session lifetime', () => {
  it('is 14 days, pushed out on use at most once a minute', () => {
    assert.equal(SESSION_LIFETIME_SECONDS, 1_209_600);
    assert.equal(expiryFrom(now), now + 1_209_600_000);
    assert.equal(shouldExtend(expiryFrom(now), now + 59_999), false);
    assert.equal(shouldExtend(expiryFrom(now), now + 60_000), true);
  });

  it('is live until it expires or ends', () => {
    assert.equal(isLive({ expiresAt: now + 1, endedAt: null }, now), true);
    assert.equal(isLive({ expiresAt: now, endedAt: null }, now), false);
    assert.equal(isLive({ expiresAt: now + 1, endedAt: now - 1 }, now), false);
  });
});
