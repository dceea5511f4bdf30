import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { ActivityHarness, ADMIN, AGENT_TOKEN, FakeClock } from '../support/harness.ts';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const hooks = [
  { name: 'all', kind: 'webhook', url: 'http://127.0.0.1:9/all', secret: 's' },
  { name: 'sales', kind: 'slack', url: 'http://127.0.0.1:9/sales', department: 'Sales', events: ['day.closed'] },
  { name: 'hr', kind: 'mattermost', url: 'http://127.0.0.1:9/hr', department: 'HR' },
  { name: 'alerts-only', kind: 'webhook', url: 'http://127.0.0.1:9/a', secret: 's', events: ['alert.raised'] },
];

interface Listing {
  destinations: { name: string; pending: number }[];
  recent: { event: string; destination: string; event_id: string; person: string | null }[];
}

for (const backend of testBackends()) {
  describe(`agent routes on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let server: ActivityHarness;
    let admin: string;
    const clock = new FakeClock(Date.parse('2025-03-10T18:00:00Z'));
    const now = () => clock.now;
    const putDay = (date: string, body: unknown, token = AGENT_TOKEN) => server.call('PUT', `/api/v1/agent/days/${date}`, { token, body });
    const closedEvents = async () => ((await server.call('GET', '/api/v1/webhooks', { cookie: admin })).json as Listing).recent.filter((r) => r.event === 'day.closed');

    before(async () => {
      database = await backend.create();
      server = await ActivityHarness.start(database, { clock: clock.read, env: { APP_WEBHOOKS: JSON.stringify(hooks) } });
      admin = await server.login(ADMIN.email, ADMIN.password);
    });
    after(async () => {
      await server?.close();
      await database?.drop();
    });

    it('accepts activity samples with 202 and counts them', async () => {
      const answer = await server.call('POST', '/api/v1/agent/activity', {
        token: AGENT_TOKEN,
        body: { samples: [{ start: iso(now() - 60_000), end: iso(now()), idle: false }, { start: iso(now() - 120_000), end: iso(now() - 60_000), idle: true }] },
      });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, { accepted: 2 });
      assert.equal((await server.call('POST', '/api/v1/agent/activity', { token: AGENT_TOKEN, body: { samples: [] } })).status, 202, 'a heartbeat');
    });

    it('refuses a missing or wrong bearer token with 401, before looking at the body', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${AGENT_TOKEN}` }, { authorization: `Bearer ${AGENT_TOKEN} extra` }, { authorization: 'Bearer ' }] as Record<string, string>[]) {
        const answer = await server.call('POST', '/api/v1/agent/activity', { headers, body: { nonsense: true } });
        assert.equal(answer.status, 401, JSON.stringify(headers));
        assert.equal((answer.json as { error: string }).error, 'unauthorized');
        assert.equal(answer.headers.get('www-authenticate'), 'Bearer');
      }
      assert.equal((await putDay('2025-03-10', {}, 'x'.repeat(30))).status, 401);
    });

    it('a session cookie is no agent token, and an agent token no session', async () => {
      assert.equal((await server.call('POST', '/api/v1/agent/activity', { cookie: admin, body: { samples: [] } })).status, 401);
      assert.equal((await server.call('GET', '/api/v1/auth/me', { token: AGENT_TOKEN })).status, 401);
    });

    it('refuses bad samples with 400', async () => {
      const bad = [
        { samples: [{ start: 'yesterday', end: iso(now()), idle: false }] },
        { samples: [{ start: iso(now()), end: iso(now() - 1000), idle: false }] },
        { samples: [{ start: iso(now()), end: iso(now() + H), idle: false }] },
        { samples: [{ start: iso(now()), end: iso(now()), idle: 'no' }] },
        { samples: [{ start: iso(now()), end: iso(now()), idle: false, app: 'x' }] },
        { samples: 'all' },
        { samples: Array.from({ length: 1001 }, () => ({ start: iso(now()), end: iso(now()), idle: false })) },
        {},
      ];
      for (const body of bad) {
        const answer = await server.call('POST', '/api/v1/agent/activity', { token: AGENT_TOKEN, body });
        assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80));
        assert.equal((answer.json as { error: string }).error, 'bad_request');
      }
    });

    it('stores a day and answers it with its worked seconds', async () => {
      const answer = await putDay('2025-03-10', {
        kind: 'work',
        started_at: '2025-03-10T08:00:00Z',
        ended_at: null,
        pauses: [{ started_at: '2025-03-10T12:00:00+00:00', ended_at: '2025-03-10T12:30:00Z' }],
      });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, {
        date: '2025-03-10',
        kind: 'work',
        started_at: '2025-03-10T08:00:00.000Z',
        ended_at: null,
        pauses: [{ started_at: '2025-03-10T12:00:00.000Z', ended_at: '2025-03-10T12:30:00.000Z' }],
        worked_seconds: null,
      });
      assert.deepEqual(await closedEvents(), [], 'an open day is not closed');
    });

    it('emits day.closed once when the day first arrives finished; re-send and correction do not', async () => {
      const finished = { kind: 'work', started_at: '2025-03-10T08:00:00Z', ended_at: '2025-03-10T16:30:00Z', pauses: [{ started_at: '2025-03-10T12:00:00Z', ended_at: '2025-03-10T12:30:00Z' }] };
      const first = await putDay('2025-03-10', finished);
      assert.equal(first.status, 200);
      assert.equal((first.json as { worked_seconds: number }).worked_seconds, 8 * 3600);
      assert.equal((await putDay('2025-03-10', finished)).status, 200);
      assert.equal((await putDay('2025-03-10', { ...finished, ended_at: '2025-03-10T17:00:00Z' })).status, 200);
      assert.equal((await putDay('2025-03-10', { ...finished, ended_at: null, pauses: [] })).status, 200, 'reopened');
      assert.equal((await putDay('2025-03-10', finished)).status, 200, 'finished again');
      const events = await closedEvents();
      // One event, delivered to every destination that hears it: `all`, and `sales` (Ann is in Sales); not `hr` nor `alerts-only`.
      assert.equal(new Set(events.map((e) => e.event_id)).size, 1);
      assert.deepEqual(events.map((e) => e.destination).sort(), ['all', 'sales']);
      assert.equal(events[0]!.person, 'Ann <Lee> & *Co*');
    });

    it('does not announce a backlog of days that ended long ago', async () => {
      for (const date of ['2025-03-03', '2025-03-04', '2025-03-07']) {
        const answer = await putDay(date, { kind: 'vacation', started_at: `${date}T08:00:00Z`, ended_at: `${date}T16:00:00Z`, pauses: [] });
        assert.equal(answer.status, 200);
        assert.equal((answer.json as { kind: string }).kind, 'vacation');
      }
      assert.equal(new Set((await closedEvents()).map((e) => e.event_id)).size, 1);
    });

    it('announces a day that ended within the last 24 hours, of any kind', async () => {
      const answer = await putDay('2025-03-09', { kind: 'sick', started_at: '2025-03-09T08:00:00Z', ended_at: '2025-03-09T18:00:01Z' });
      assert.equal(answer.status, 200);
      assert.equal(new Set((await closedEvents()).map((e) => e.event_id)).size, 2);
    });

    it('two uploads of one new finished day at once announce it once', async () => {
      const body = { kind: 'work', started_at: '2025-03-10T01:00:00Z', ended_at: '2025-03-10T02:00:00Z' };
      const before = new Set((await closedEvents()).map((e) => e.event_id)).size;
      clock.advance(24 * 3_600_000); // 2025-03-11T18:00
      const answers = await Promise.all([putDay('2025-03-11', { ...body, started_at: '2025-03-11T01:00:00Z', ended_at: '2025-03-11T02:00:00Z' }), putDay('2025-03-11', { ...body, started_at: '2025-03-11T01:00:00Z', ended_at: '2025-03-11T02:00:00Z' })]);
      assert.deepEqual(answers.map((a) => a.status), [200, 200]);
      assert.equal(new Set((await closedEvents()).map((e) => e.event_id)).size, before + 1);
    });

    it('refuses bad days with 400 and unknown fields too', async () => {
      const good = { kind: 'work', started_at: '2025-03-11T08:00:00Z', ended_at: null };
      const bad: [string, unknown][] = [
        ['2025-02-30', good],
        ['2025-3-11', good],
        ['yesterday', good],
        ["2025-03-11' OR '1'='1", good],
        ['2025-03-11', { ...good, kind: 'party' }],
        ['2025-03-11', { ...good, started_at: 1741680000 }],
        ['2025-03-11', { ...good, ended_at: '2025-03-11T07:00:00Z' }],
        ['2025-03-11', { ...good, worked_seconds: 10 }],
        ['2025-03-11', { kind: 'work', started_at: '2025-03-11T08:00:00Z' }],
        ['2025-03-11', [good]],
        ['2025-03-11', { ...good, pauses: [{ started_at: '2025-03-11T09:00:00Z' }] }],
      ];
      for (const [date, body] of bad) {
        const answer = await putDay(date, body);
        assert.equal(answer.status, 400, `${date} ${JSON.stringify(body)}`);
        assert.equal((answer.json as { error: string }).error, 'bad_request');
      }
    });
  });
}
