import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { escapeMattermost } from '../../src/domain/chat-message.ts';
import { setAccount } from '../../src/services/accounts.ts';
import { SERVER_VERSION } from '../../src/version.ts';
import { ActivityHarness, ADMIN, AGENT_TOKEN, until } from '../support/harness.ts';
import { Receiver, type Received } from '../support/receiver.ts';

interface Destination {
  name: string;
  kind: string;
  target: string;
  events: string[];
  department: string | null;
  department_exists: boolean | null;
  pending: number;
  delivered: number;
  abandoned: number;
  last_delivered_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}
interface Delivery {
  id: string;
  event_id: string;
  destination: string;
  event: string;
  person: string | null;
  attempts: number;
  delivered_at: string | null;
  abandoned_at: string | null;
  next_attempt_at: string;
  created_at: string;
  last_status: number | null;
  last_error: string | null;
}
interface Listing {
  links: boolean;
  destinations: Destination[];
  recent: Delivery[];
}

const SECRET = 'whsec_0123456789';
const TIMEOUT_MS = 400;

for (const backend of testBackends()) {
  describe(`webhooks on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let server: ActivityHarness;
    let receiver: Receiver;
    let admin: string;
    const listing = async () => (await server.call('GET', '/api/v1/webhooks', { cookie: admin })).json as Listing;
    const destination = async (name: string) => (await listing()).destinations.find((d) => d.name === name)!;
    const deliveryOf = async (eventId: string, name: string) => (await listing()).recent.find((r) => r.event_id === eventId && r.destination === name);
    const test = async (name: string) => {
      const answer = await server.call('POST', `/api/v1/webhooks/${name}/test`, { cookie: admin });
      assert.equal(answer.status, 202, answer.text);
      return (answer.json as { event_id: string }).event_id;
    };
    const at = (path: string, eventId: string) => receiver.received.filter((r) => r.path === path && r.headers['x-app-event-id'] === eventId);

    before(async () => {
      receiver = await Receiver.start({ '/ok': SECRET, '/flaky': SECRET, '/gone': SECRET, '/busy': SECRET, '/slow': SECRET, '/down': SECRET });
      const r = receiver.url;
      const hooks = [
        { name: 'ok', kind: 'webhook', url: `${r}/ok`, secret: SECRET },
        { name: 'flaky', kind: 'webhook', url: `${r}/flaky`, secret: SECRET, events: ['test'] },
        { name: 'gone', kind: 'webhook', url: `${r}/gone`, secret: SECRET, events: ['day.closed'] },
        { name: 'busy', kind: 'webhook', url: `${r}/busy`, secret: SECRET, department: 'Nowhere' },
        { name: 'slow', kind: 'webhook', url: `${r}/slow`, secret: SECRET, department: 'Sales', events: ['alert.raised'] },
        { name: 'down', kind: 'webhook', url: 'http://127.0.0.1:1/down', secret: SECRET },
        { name: 'slack', kind: 'slack', url: `${r}/slack/T000/B000/XXXX` },
        { name: 'mm', kind: 'mattermost', url: `${r}/mm/hooks/abc` },
        { name: 'tg', kind: 'telegram', bot_token: '123456:SECRET-bot-token', chat_id: -1001234 },
      ];
      database = await backend.create();
      server = await ActivityHarness.start(database, {
        background: true,
        env: {
          APP_WEBHOOKS: JSON.stringify(hooks),
          APP_RETRY_SCHEDULE: '0.1,0.1',
          APP_DELIVERY_TIMEOUT_MS: String(TIMEOUT_MS),
          APP_TELEGRAM_API: `${r}/tg`,
          APP_PUBLIC_URL: 'https://activity.example.com',
          APP_SERVER_NAME: 'acme-activity',
        },
      });
      admin = await server.login(ADMIN.email, ADMIN.password);
    });
    after(async () => {
      await server?.close();
      await receiver?.close();
      await database?.drop();
    });

    it('lists destinations by name, kind and target, never an address', async () => {
      const answer = await server.call('GET', '/api/v1/webhooks', { cookie: admin });
      assert.equal(answer.status, 200);
      const body = answer.json as Listing;
      assert.equal(body.links, true);
      assert.deepEqual(Object.keys(body), ['links', 'destinations', 'recent']);
      const host = new URL(receiver.url).host;
      assert.deepEqual(
        body.destinations.map((d) => [d.name, d.kind, d.target]),
        [['ok', 'webhook', host], ['flaky', 'webhook', host], ['gone', 'webhook', host], ['busy', 'webhook', host], ['slow', 'webhook', host], ['down', 'webhook', '127.0.0.1:1'], ['slack', 'slack', host], ['mm', 'mattermost', host], ['tg', 'telegram', '-1001234']],
      );
      assert.deepEqual(Object.keys(body.destinations[0]!), ['name', 'kind', 'target', 'events', 'department', 'department_exists', 'pending', 'delivered', 'abandoned', 'last_delivered_at', 'last_error', 'last_error_at']);
      for (const secret of ['/ok', '/slack/', 'XXXX', 'SECRET-bot-token', SECRET, 'http://']) assert.ok(!answer.text.includes(secret), `the listing shows ${secret}`);
    });

    it('shows whether a department filter names a department that exists', async () => {
      assert.equal((await destination('ok')).department_exists, null);
      assert.equal((await destination('slow')).department_exists, true);
      assert.equal((await destination('busy')).department_exists, false);
    });

    it('is for administrators: 403 for others, 401 without a session', async () => {
      await setAccount(server.services.context, { email: 'max@example.com', password: 'manager password', role: 'manager' }, 'test');
      const manager = await server.login('max@example.com', 'manager password');
      assert.equal((await server.call('GET', '/api/v1/webhooks', { cookie: manager })).status, 403);
      assert.equal((await server.call('POST', '/api/v1/webhooks/ok/test', { cookie: manager })).status, 403);
      assert.equal((await server.call('GET', '/api/v1/webhooks')).status, 401);
      assert.equal((await server.call('POST', '/api/v1/webhooks/ok/test')).status, 401);
    });

    it('test route: 202 {event_id}, one signed delivery with the five headers, audited', async () => {
      const eventId = await test('ok');
      assert.match(eventId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await receiver.waitFor(() => at('/ok', eventId).length === 1);
      const [got] = at('/ok', eventId) as [Received];
      assert.equal(got.signatureValid, true);
      assert.equal(got.headers['content-type'], 'application/json');
      assert.equal(got.headers['user-agent'], `acme-activity/${SERVER_VERSION}`);
      assert.equal(got.headers['x-app-event'], 'test');
      assert.equal(got.headers['x-app-event-id'], eventId);
      assert.match(String(got.headers['x-app-signature']), /^t=\d+,sha256=[0-9a-f]{64}$/);
      const payload = got.json!;
      assert.deepEqual(Object.keys(payload), ['version', 'id', 'event', 'occurred_at', 'server_version', 'link']);
      assert.equal(payload.version, 1);
      assert.equal(payload.id, eventId);
      assert.equal(payload.event, 'test');
      assert.match(String(payload.occurred_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.equal(payload.server_version, SERVER_VERSION);
      assert.equal(payload.link, 'https://activity.example.com/');
      await until(async () => (await deliveryOf(eventId, 'ok'))?.delivered_at !== null);
      const delivery = (await deliveryOf(eventId, 'ok'))!;
      assert.deepEqual({ ...delivery, id: '', created_at: '', next_attempt_at: '', delivered_at: '' }, { id: '', event_id: eventId, destination: 'ok', event: 'test', person: null, created_at: '', attempts: 1, next_attempt_at: '', delivered_at: '', abandoned_at: null, last_status: 204, last_error: null });
      const audit = (await server.call('GET', '/api/v1/audit', { cookie: admin })).json as { entries: { action: string; subject: string }[] };
      assert.deepEqual(audit.entries.filter((e) => e.action === 'webhook.tested').map((e) => e.subject), ['ok']);
    });

    it('test route: reaches a destination that does not subscribe to test; 404 for an unknown name; no body', async () => {
      const eventId = await test('gone');
      await receiver.waitFor(() => at('/gone', eventId).length === 1);
      for (const name of ['nope', "ok' OR '1'='1", 'OK', '..%2f..%2fetc']) {
        const answer = await server.call('POST', `/api/v1/webhooks/${name}/test`, { cookie: admin });
        assert.equal(answer.status, 404, name);
        assert.equal((answer.json as { error: string }).error, 'destination_not_found');
      }
      assert.equal((await server.call('POST', '/api/v1/webhooks/ok/test', { cookie: admin, body: { destination: 'x' } })).status, 400);
    });

    it('retries a 500 and delivers on the next answer; the same id every attempt', async () => {
      let calls = 0;
      receiver.answer = (r) => (r.path === '/flaky' && calls++ === 0 ? { status: 500 } : { status: 200 });
      const eventId = await test('flaky');
      await receiver.waitFor(() => at('/flaky', eventId).length === 2);
      const [first, second] = at('/flaky', eventId) as [Received, Received];
      assert.deepEqual(second.raw, first.raw, 'the same body');
      assert.equal(second.signatureValid, true);
      await until(async () => (await deliveryOf(eventId, 'flaky'))?.delivered_at !== null);
      const delivery = (await deliveryOf(eventId, 'flaky'))!;
      assert.equal(delivery.attempts, 2);
      assert.equal(delivery.last_status, 200);
      assert.equal(delivery.last_error, 'the receiver answered with status 500');
      const flaky = await destination('flaky');
      assert.equal(flaky.last_error, 'the receiver answered with status 500');
      assert.notEqual(flaky.last_error_at, null);
    });

    it('abandons on a 4xx other than 408 and 429, without sending again', async () => {
      receiver.answer = (r) => (r.path === '/gone' ? { status: 410 } : { status: 200 });
      const eventId = await test('gone');
      await until(async () => (await deliveryOf(eventId, 'gone'))?.abandoned_at !== null);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(at('/gone', eventId).length, 1);
      const delivery = (await deliveryOf(eventId, 'gone'))!;
      assert.deepEqual([delivery.attempts, delivery.last_status, delivery.last_error], [1, 410, 'the receiver refused the event with status 410']);
      assert.equal((await destination('gone')).abandoned, 1);
    });

    it('honours Retry-After on a 429', async () => {
      let calls = 0;
      receiver.answer = (r) => (r.path === '/busy' && calls++ === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 });
      const eventId = await test('busy');
      await receiver.waitFor(() => at('/busy', eventId).length === 2, 5000);
      const [first, second] = at('/busy', eventId) as [Received, Received];
      assert.ok(second.at - first.at >= 950, `waited ${second.at - first.at} ms`);
    });

    it('caps Retry-After at one hour', async () => {
      receiver.answer = (r) => (r.path === '/busy' ? { status: 503, headers: { 'retry-after': '86400' } } : { status: 200 });
      const eventId = await test('busy');
      await until(async () => (await deliveryOf(eventId, 'busy'))?.attempts === 1);
      const delivery = (await deliveryOf(eventId, 'busy'))!;
      const wait = Date.parse(delivery.next_attempt_at) - Date.now();
      assert.ok(wait > 3590_000 && wait <= 3600_000, `next attempt in ${wait} ms`);
      assert.equal(delivery.last_status, 503);
    });

    it('times out a receiver that hangs, then retries, and abandons after the last attempt', async () => {
      receiver.answer = (r) => (r.path === '/slow' ? 'hang' : { status: 200 });
      const eventId = await test('slow');
      await until(async () => (await deliveryOf(eventId, 'slow'))?.abandoned_at !== null, 10_000);
      const delivery = (await deliveryOf(eventId, 'slow'))!;
      assert.deepEqual([delivery.attempts, delivery.last_status, delivery.last_error], [3, null, `no answer within ${TIMEOUT_MS} ms`]);
      assert.equal(at('/slow', eventId).length, 3);
    });

    it('records a refused connection without its address', async () => {
      const eventId = await test('down');
      await until(async () => (await deliveryOf(eventId, 'down'))?.abandoned_at !== null, 10_000);
      const delivery = (await deliveryOf(eventId, 'down'))!;
      assert.deepEqual([delivery.attempts, delivery.last_status, delivery.last_error], [3, null, 'the connection was refused']);
    });

    it('chat kinds: Slack and Mattermost get {text}, Telegram a sendMessage call; 429 retry_after in the body is honoured', async () => {
      let telegramCalls = 0;
      receiver.answer = (r) => {
        if (r.path.startsWith('/tg/') && telegramCalls++ === 0) {
          return { status: 429, body: JSON.stringify({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }) };
        }
        return { status: 200, body: '{"ok":true}' };
      };
      // A finished day of Ann (Sales) reaches every chat destination (default events, no department filter).
      const end = Date.now() - 1000;
      const date = new Date(end).toISOString().slice(0, 10);
      const day = await server.call('PUT', `/api/v1/agent/days/${date}`, { token: AGENT_TOKEN, body: { kind: 'work', started_at: new Date(end - 3 * 3600_000).toISOString(), ended_at: new Date(end).toISOString() } });
      assert.equal(day.status, 200, day.text);
      await receiver.waitFor(() => receiver.received.filter((r) => r.headers['x-app-event'] === 'day.closed').length >= 6, 8000, 'day.closed everywhere');
      const closed = receiver.received.filter((r) => r.headers['x-app-event'] === 'day.closed');
      const eventId = String(closed[0]!.headers['x-app-event-id']);
      assert.ok(closed.every((r) => r.headers['x-app-event-id'] === eventId), 'one id for every destination');
      const slack = closed.find((r) => r.path === '/slack/T000/B000/XXXX')!;
      const mm = closed.find((r) => r.path === '/mm/hooks/abc')!;
      const tg = closed.filter((r) => r.path === '/tg/bot123456:SECRET-bot-token/sendMessage');
      const link = `https://activity.example.com/people/${(closed.find((r) => r.path === '/ok')!.json!.person as { id: string }).id}/days/${date}`;
      assert.deepEqual(slack.json, { text: `Ann &lt;Lee&gt; &amp; *Co* (Sales): closed the work day of ${date}, 3 h worked\n${link}` });
      assert.deepEqual(mm.json, { text: `Ann \\<Lee\\> \\& \\*Co\\* (Sales): ${escapeMattermost(`closed the work day of ${date}, 3 h worked`)}\n${link}` });
      assert.equal(slack.headers['x-app-signature'], undefined);
      assert.equal(tg.length, 2, 'retried after the 429');
      assert.ok(tg[1]!.at - tg[0]!.at >= 950, `waited ${tg[1]!.at - tg[0]!.at} ms`);
      assert.deepEqual(tg[1]!.json, { chat_id: -1001234, text: `Ann &lt;Lee&gt; &amp; *Co* (Sales): closed the work day of ${date}, 3 h worked\n${link}`, parse_mode: 'HTML', disable_web_page_preview: true });
      const gone = closed.find((r) => r.path === '/gone')!;
      assert.equal(gone.signatureValid, true);
      assert.equal(closed.filter((r) => r.path === '/busy').length, 0, 'the Nowhere department hears nothing');
      await until(async () => (await destination('tg')).delivered === 1);
    });

    it('a department filter naming a department that does not exist yet hears once it does', async () => {
      await setAccount(server.services.context, { email: 'newbie@example.com', password: 'newbie password', role: 'member', department: 'Nowhere' }, 'test');
      assert.equal((await destination('busy')).department_exists, true);
    });

    it('keeps the last fifty deliveries in the listing', async () => {
      receiver.answer = () => ({ status: 200 });
      for (let i = 0; i < 40; i++) await test(i % 2 === 0 ? 'ok' : 'mm');
      const body = await listing();
      assert.equal(body.recent.length, 50);
      const times = body.recent.map((r) => Date.parse(r.created_at));
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first');
    });
  });
}
