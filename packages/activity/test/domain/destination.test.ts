import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAdminSetting, parseAgents } from '../../src/domain/agent-list.ts';
import { deliveryUrl, hears, parseDestinations, targetOf } from '../../src/domain/destination.ts';

const hook = { name: 'ops', kind: 'webhook', url: 'https://hooks.example.com:8443/in?x=1', secret: 's' };

describe('APP_WEBHOOKS destinations', () => {
  it('reads the four kinds with their defaults', () => {
    const [w, s, m, t] = parseDestinations(
      JSON.stringify([
        hook,
        { name: 'slack-1', kind: 'slack', url: 'https://hooks.slack.com/services/T/B/X', events: ['alert.raised'], department: 'Sales' },
        { name: 'mm', kind: 'mattermost', url: 'http://mm.local/hooks/abc' },
        { name: 'tg_ops', kind: 'telegram', bot_token: '123456:ABC-def_g', chat_id: -1001234 },
      ]),
    );
    assert.deepEqual(w, { name: 'ops', kind: 'webhook', url: hook.url, secret: 's', events: ['alert.raised', 'alert.acknowledged', 'alert.resolved', 'day.closed'], department: null });
    assert.deepEqual(s!.events, ['alert.raised']);
    assert.equal(s!.department, 'Sales');
    assert.equal(targetOf(w!), 'hooks.example.com:8443');
    assert.equal(targetOf(m!), 'mm.local');
    assert.equal(targetOf(t!), '-1001234');
    assert.equal(deliveryUrl(t!, 'https://api.telegram.org'), 'https://api.telegram.org/bot123456:ABC-def_g/sendMessage');
    assert.equal(deliveryUrl(w!, 'x'), hook.url);
  });

  it('takes a chat id as text too', () => {
    assert.equal(targetOf(parseDestinations(JSON.stringify([{ name: 't', kind: 'telegram', bot_token: '1:a', chat_id: '@ops_room' }]))[0]!), '@ops_room');
  });

  const refused: [string, unknown, RegExp][] = [
    ['text that is not JSON', '{"name":', /not valid JSON/],
    ['an object instead of an array', { name: 'x' }, /JSON array/],
    ['an entry that is not an object', ['x'], /destination 1: each destination must be a JSON object/],
    ['a bad name', [{ ...hook, name: 'Ops!' }], /destination 1: "name"/],
    ['a name starting with a dash', [{ ...hook, name: '-ops' }], /"name"/],
    ['an unknown kind', [{ ...hook, kind: 'discord' }], /destination "ops": "kind" must be one of webhook, slack, mattermost, telegram/],
    ['a webhook without secret', [{ name: 'ops', kind: 'webhook', url: 'http://x' }], /destination "ops": "secret" is required/],
    ['an empty secret', [{ ...hook, secret: '' }], /"secret" is required/],
    ['a webhook without url', [{ name: 'ops', kind: 'webhook', secret: 's' }], /"url" must be an http or https URL/],
    ['a non-http url', [{ ...hook, url: 'file:///etc/passwd' }], /"url" must be an http or https URL/],
    ['a url that is not a URL', [{ ...hook, url: 'not a url' }], /"url"/],
    ['an unknown key', [{ ...hook, colour: 'red' }], /unknown key "colour" for kind webhook/],
    ['a secret on a chat kind', [{ name: 's', kind: 'slack', url: 'http://x', secret: 'y' }], /unknown key "secret" for kind slack/],
    ['a telegram destination without bot token', [{ name: 't', kind: 'telegram', chat_id: 1 }], /"bot_token" is required/],
    ['a bot token with a slash', [{ name: 't', kind: 'telegram', bot_token: '1:a/../x', chat_id: 1 }], /"bot_token"/],
    ['a telegram destination without chat id', [{ name: 't', kind: 'telegram', bot_token: '1:a' }], /"chat_id" is required/],
    ['an unknown event', [{ ...hook, events: ['alert.raised', 'everything'] }], /"events" must be a non-empty array/],
    ['no events', [{ ...hook, events: [] }], /"events"/],
    ['an event twice', [{ ...hook, events: ['test', 'test'] }], /names an event twice/],
    ['a department that is not text', [{ ...hook, department: 7 }], /"department"/],
    ['a name used twice', [hook, { ...hook }], /destination "ops" is declared twice/],
  ];
  for (const [why, value, message] of refused) {
    it(`refuses ${why}`, () => assert.throws(() => parseDestinations(typeof value === 'string' ? value : JSON.stringify(value)), message));
  }

  it('never echoes a secret in its complaint', () => {
    assert.throws(() => parseDestinations('[{"name":"ops","kind":"webhook","url":"http://x","secret":"hunter2",}]'), (e: Error) => !e.message.includes('hunter2'));
  });

  it('a destination hears its events, about its department only', () => {
    const [all, sales] = parseDestinations(JSON.stringify([hook, { ...hook, name: 'sales', department: 'Sales', events: ['day.closed', 'test'] }]));
    const ann = { id: '1', name: 'Ann', department: 'Sales' };
    const bob = { id: '2', name: 'Bob', department: null };
    assert.equal(hears(all!, 'day.closed', bob), true);
    assert.equal(hears(all!, 'test', undefined), false);
    assert.equal(hears(sales!, 'day.closed', ann), true);
    assert.equal(hears(sales!, 'day.closed', bob), false);
    assert.equal(hears(sales!, 'alert.raised', ann), false);
  });
});

describe('APP_AGENTS and APP_ADMIN', () => {
  const agent = { email: ' Ann@Example.COM ', name: 'Ann', department: 'Sales', token: 'x'.repeat(16) };

  it('reads agents, normalizing emails; department may be absent', () => {
    assert.deepEqual(parseAgents(JSON.stringify([agent, { email: 'bo@x.y', name: 'Bo', token: 'y'.repeat(16) }])), [
      { email: 'ann@example.com', name: 'Ann', department: 'Sales', token: 'x'.repeat(16) },
      { email: 'bo@x.y', name: 'Bo', department: null, token: 'y'.repeat(16) },
    ]);
  });

  const refused: [string, unknown, RegExp][] = [
    ['bad JSON', '[{', /not valid JSON/],
    ['an object', {}, /JSON array/],
    ['a bad email', [{ ...agent, email: 'nobody' }], /agent 1: "email"/],
    ['no name', [{ ...agent, name: '' }], /agent 1: "name"/],
    ['a short token', [{ ...agent, token: 'short' }], /agent 1: "token" must be 16/],
    ['a token with blanks', [{ ...agent, token: 'x'.repeat(10) + ' ' + 'y'.repeat(10) }], /"token"/],
    ['an unknown key', [{ ...agent, password: 'x' }], /unknown key "password"/],
    ['an email twice', [agent, { ...agent, token: 'z'.repeat(16) }], /agent 2: email ann@example.com is listed twice/],
    ['a token twice', [agent, { ...agent, email: 'b@x.y' }], /agent 2: its token is already used/],
  ];
  for (const [why, value, message] of refused) {
    it(`refuses ${why}`, () => assert.throws(() => parseAgents(typeof value === 'string' ? value : JSON.stringify(value)), message));
  }

  it('splits APP_ADMIN at the first colon', () => {
    assert.deepEqual(parseAdminSetting('Root@Example.com:pa:ss:word'), { email: 'root@example.com', password: 'pa:ss:word' });
    assert.throws(() => parseAdminSetting('no-colon'), /<email>:<password>/);
    assert.throws(() => parseAdminSetting(':password'), /<email>:<password>/);
  });
});
