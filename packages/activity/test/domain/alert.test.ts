import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acknowledgeAction, ALERT_RULES, ALERT_STATES, noAgentData, OPEN_ALERT_STATES, sweepAction } from '../../src/domain/alert.ts';

describe('alert state machine', () => {
  it('has the spec states; raised and acknowledged are open', () => {
    assert.deepEqual(ALERT_STATES, ['raised', 'acknowledged', 'resolved']);
    assert.deepEqual(OPEN_ALERT_STATES, ['raised', 'acknowledged']);
    assert.deepEqual(ALERT_RULES, ['no_agent_data']);
  });

  const sweeps: [('raised' | 'acknowledged') | undefined, boolean, ReturnType<typeof sweepAction>][] = [
    [undefined, true, 'raise'],
    [undefined, false, 'nothing'],
    ['raised', true, 'keep'],
    ['acknowledged', true, 'keep'],
    ['raised', false, 'resolve'],
    ['acknowledged', false, 'resolve'],
  ];
  for (const [open, condition, action] of sweeps) {
    it(`a sweep with ${open ?? 'no open alert'} and the condition ${condition}: ${action}`, () => assert.equal(sweepAction(open, condition), action));
  }

  it('a resolved alert is not open', () => assert.throws(() => sweepAction('resolved' as 'raised', true)));

  it('a manager answers a raised alert once', () => {
    assert.equal(acknowledgeAction('raised'), 'acknowledge');
    assert.equal(acknowledgeAction('acknowledged'), 'already');
    assert.equal(acknowledgeAction('resolved'), 'refuse');
  });

  const S = 1000;
  const now = 10_000_000;
  const rule: [number | null, number, { observedSeconds: number } | undefined][] = [
    [null, 3600, undefined],
    [now, 3600, undefined],
    [now - 3600 * S, 3600, undefined],
    [now - 3600 * S - 1, 3600, { observedSeconds: 3600 }],
    [now - 4320 * S, 3600, { observedSeconds: 4320 }],
    [now - 4320 * S - 999, 3600, { observedSeconds: 4320 }],
    [now + 60 * S, 3600, undefined],
  ];
  for (const [last, threshold, expected] of rule) {
    it(`no_agent_data with the last report ${last === null ? 'never' : `${(now - last) / S} s ago`}: ${expected ? 'true' : 'false'}`, () => {
      assert.deepEqual(noAgentData(last, now, threshold), expected);
    });
  }
});
