import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPayload, DEFAULT_EVENTS, EVENT_NAMES, type EventFacts } from '../../src/domain/event-payload.ts';

const person = { id: 'p-1', name: 'Ann Lee', department: 'Sales' };
const alert = { id: 'a-1', rule: 'no_agent_data', observed_seconds: 4320, against_seconds: 3600, subject_date: null, fired_at: '2025-03-10T09:00:00.000Z' };
const day = { date: '2025-03-10', kind: 'work', started_at: '2025-03-10T08:00:00.000Z', ended_at: '2025-03-10T16:30:00.000Z', worked_seconds: 27000 };
const stamp = { id: 'e-1', occurredAt: '2025-03-10T10:00:00.000Z', serverVersion: '1.2.3', publicUrl: 'https://act.example.com' };
const head = { version: 1, id: 'e-1', occurred_at: '2025-03-10T10:00:00.000Z', server_version: '1.2.3' };

describe('webhook payload', () => {
  it('names the five events; the default subscription is all but test', () => {
    assert.deepEqual(EVENT_NAMES, ['alert.raised', 'alert.acknowledged', 'alert.resolved', 'day.closed', 'test']);
    assert.deepEqual(DEFAULT_EVENTS, ['alert.raised', 'alert.acknowledged', 'alert.resolved', 'day.closed']);
  });

  const table: [EventFacts, Record<string, unknown>][] = [
    [{ event: 'test' }, { ...head, event: 'test', link: 'https://act.example.com/' }],
    [{ event: 'alert.raised', person, alert }, { ...head, event: 'alert.raised', link: 'https://act.example.com/alerts/a-1', person, alert }],
    [{ event: 'alert.acknowledged', person, alert, by: 'Max Boss' }, { ...head, event: 'alert.acknowledged', link: 'https://act.example.com/alerts/a-1', person, alert, by: 'Max Boss' }],
    [{ event: 'alert.resolved', person, alert }, { ...head, event: 'alert.resolved', link: 'https://act.example.com/alerts/a-1', person, alert }],
    [{ event: 'day.closed', person, day }, { ...head, event: 'day.closed', link: 'https://act.example.com/people/p-1/days/2025-03-10', person, day }],
  ];
  for (const [facts, expected] of table) {
    it(`${facts.event}: exactly the spec's fields, in order`, () => {
      const payload = buildPayload(facts, stamp);
      assert.deepEqual(payload, expected);
      assert.deepEqual(Object.keys(payload), Object.keys(expected).sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
      // No link without a public URL; the rest unchanged.
      const rest = Object.fromEntries(Object.entries(expected).filter(([key]) => key !== 'link'));
      assert.deepEqual(buildPayload(facts, { ...stamp, publicUrl: undefined }), rest);
    });
  }

  it('carries a person with a null department as null', () => {
    const payload = buildPayload({ event: 'alert.raised', person: { ...person, department: null }, alert }, stamp);
    assert.equal(JSON.stringify(payload.person), '{"id":"p-1","name":"Ann Lee","department":null}');
  });

  it('copies only the known fields of nested objects', () => {
    const sneaky = { ...alert, secret: 'x' } as typeof alert;
    assert.deepEqual(Object.keys(buildPayload({ event: 'alert.raised', person: { ...person, email: 'x' } as typeof person, alert: sneaky }, stamp).alert!), Object.keys(alert));
  });
});

const ORDER = ['version', 'id', 'event', 'occurred_at', 'server_version', 'link', 'person', 'alert', 'by', 'day'];
