import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sendRawHttp, testBackends, type TestDatabase } from '@quartet/common/testing';
import { setAccount } from '../../src/services/accounts.ts';
import { ActivityHarness, ADMIN, AGENT_TOKEN, FakeClock, type Answer } from '../support/harness.ts';

const hooks = [{ name: 'ok', kind: 'webhook', url: 'http://127.0.0.1:9/ok', secret: 's' }];
const DAY = { kind: 'work', started_at: '2025-03-10T08:00:00Z', ended_at: null };

/** Every route, with a body that would be accepted and the credentials it needs. */
const routes = [
  { method: 'POST', path: '/api/v1/auth/login', auth: 'none', body: { email: ADMIN.email, password: 'x' } },
  { method: 'GET', path: '/api/v1/auth/me', auth: 'session' },
  { method: 'POST', path: '/api/v1/auth/logout', auth: 'session' },
  { method: 'POST', path: '/api/v1/auth/logout-everywhere', auth: 'session' },
  { method: 'POST', path: '/api/v1/agent/activity', auth: 'agent', body: { samples: [] } },
  { method: 'PUT', path: '/api/v1/agent/days/2025-03-10', auth: 'agent', body: DAY },
  { method: 'GET', path: '/api/v1/alerts', auth: 'session' },
  { method: 'POST', path: '/api/v1/alerts/00000000-0000-4000-8000-000000000000/acknowledge', auth: 'session' },
  { method: 'GET', path: '/api/v1/audit', auth: 'session' },
  { method: 'GET', path: '/api/v1/webhooks', auth: 'session' },
  { method: 'POST', path: '/api/v1/webhooks/ok/test', auth: 'session' },
  { method: 'GET', path: '/health', auth: 'none' },
] as const;

/** No answer ever carries a stack, SQL or a path. */
function assertClean(answer: Answer, what: string): void {
  assert.doesNotMatch(answer.text, /\bat [\w.<>]+ \(|SELECT |INSERT |UPDATE |sqlite|postgres|\/work\/|node_modules|\.ts:\d/i, what);
  if (answer.status >= 400) {
    const body = answer.json as { error?: unknown; message?: unknown };
    assert.equal(typeof body.error, 'string', what);
    if (body.error !== 'wrong email or password') assert.equal(typeof body.message, 'string', what);
  }
}

for (const backend of testBackends()) {
  describe(`hostile input on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let server: ActivityHarness;
    let admin: string;
    const clock = new FakeClock(Date.parse('2025-03-10T18:00:00Z'));
    const credentials = (auth: string) => (auth === 'session' ? { cookie: admin } : auth === 'agent' ? { token: AGENT_TOKEN } : {});

    before(async () => {
      database = await backend.create();
      server = await ActivityHarness.start(database, { clock: clock.read, env: { APP_WEBHOOKS: JSON.stringify(hooks) } });
      admin = await server.login(ADMIN.email, ADMIN.password);
    });
    after(async () => {
      await server?.close();
      await database?.drop();
    });

    it('answers bytes that are not HTTP, or HTTP/1.1 without Host, with a JSON 400 bad_request', async () => {
      for (const bytes of ['POST /api/v1/auth/login HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}', 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n']) {
        const text = await sendRawHttp(server.base, bytes);
        assert.match(text, /^HTTP\/1\.1 400 Bad Request\r\n/);
        assert.equal((JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: string }).error, 'bad_request');
      }
    });

    for (const route of routes) {
      const name = `${route.method} ${route.path}`;

      if (route.method !== 'GET') it(`${name}: a body over 1 MiB is 413 too_large`, async () => {
        const answer = await server.call(route.method, route.path, { ...credentials(route.auth), raw: JSON.stringify({ x: 'y'.repeat(1_100_000) }), type: 'application/json' });
        assert.equal(answer.status, 413);
        assert.equal((answer.json as { error: string }).error, 'too_large');
        assertClean(answer, name);
      });

      it(`${name}: malformed JSON, a wrong content type and the wrong method are refused cleanly`, async () => {
        if (route.method !== 'GET') {
          const broken = await server.call(route.method, route.path, { ...credentials(route.auth), raw: '{"email": "a", ', type: 'application/json' });
          assert.ok([400, 401].includes(broken.status), `${name} broken JSON: ${broken.status}`);
          assertClean(broken, name);
          const xml = await server.call(route.method, route.path, { ...credentials(route.auth), raw: '<email>a</email>', type: 'application/xml' });
          assert.ok([415, 401].includes(xml.status), `${name} xml: ${xml.status}`);
          assertClean(xml, name);
        }
        const wrong = await server.call('DELETE', route.path, credentials(route.auth));
        assert.equal(wrong.status, 405);
        assert.equal((wrong.json as { error: string }).error, 'method_not_allowed');
      });

      if ('body' in route) {
        it(`${name}: unknown fields, wrong types and SQL-looking text are 400 (or refused as credentials)`, async () => {
          const body = route.body as Record<string, unknown>;
          const variants: Record<string, unknown>[] = [
            { ...body, extra: 1 },
            { ...body, constructor: { prototype: { admin: true } } },
            ...Object.keys(body).map((k) => ({ ...body, [k]: 12345 })),
            ...Object.keys(body).map((k) => ({ ...body, [k]: ["'; DROP TABLE accounts; --"] })),
            ...Object.keys(body).map((k) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== k))),
          ];
          for (const variant of variants) {
            const answer = await server.call(route.method, route.path, { ...credentials(route.auth), raw: JSON.stringify(variant), type: 'application/json' });
            assert.equal(answer.status, 400, `${name} ${JSON.stringify(variant).slice(0, 100)}: ${answer.text}`);
            assert.equal((answer.json as { error: string }).error, 'bad_request');
            assertClean(answer, name);
          }
          const proto = await server.call(route.method, route.path, { ...credentials(route.auth), raw: `{"__proto__":{"x":1},${JSON.stringify(body).slice(1)}`, type: 'application/json' });
          assert.equal(proto.status, 400, `${name} __proto__`);
        });
      }

      if (route.auth === 'session') {
        it(`${name}: forged, expired and missing sessions are 401`, async () => {
          for (const cookie of [undefined, `app_session=${'A'.repeat(43)}`, "app_session=1' OR '1'='1", `app_session=${admin.split('=')[1]}x`]) {
            const answer = await server.call(route.method, route.path, cookie === undefined ? {} : { cookie });
            assert.equal(answer.status, 401, `${name} ${cookie}`);
            assert.equal((answer.json as { error: string }).error, 'unauthorized');
            assertClean(answer, name);
          }
        });
      }

      if (route.auth === 'agent') {
        it(`${name}: SQL in the token or a session instead of a token is 401`, async () => {
          for (const headers of [{ authorization: "Bearer ' OR 1=1 --" }, { authorization: 'Bearer' }, { cookie: admin }] as Record<string, string>[]) {
            const answer = await server.call(route.method, route.path, { headers, body: route.body });
            assert.equal(answer.status, 401, `${name} ${JSON.stringify(headers)}`);
          }
        });
      }
    }

    it('a session that expired 14 days after its last use is refused everywhere', async () => {
      await setAccount(server.services.context, { email: 'max@example.com', password: 'manager password', role: 'manager' }, 'test');
      const cookie = await server.login('max@example.com', 'manager password');
      clock.advance(1_209_600_000 + 1);
      for (const route of routes.filter((r) => r.auth === 'session')) {
        assert.equal((await server.call(route.method, route.path, { cookie })).status, 401, route.path);
      }
      admin = await server.login(ADMIN.email, ADMIN.password);
    });

    it('long and strange path segments are answered, never crash', async () => {
      for (const path of [`/api/v1/webhooks/${'a'.repeat(3000)}/test`, '/api/v1/alerts/%E0%A4%A/acknowledge', '/api/v1/agent/days/%00', `/api/v1/agent/days/${'9'.repeat(4000)}`, '/api/v1/../../etc/passwd', '/api/v2/auth/me']) {
        const answer = await server.call(path.includes('days') ? 'PUT' : path.includes('test') || path.includes('ack') ? 'POST' : 'GET', path, { cookie: admin, token: path.includes('days') ? AGENT_TOKEN : undefined, body: path.includes('days') ? DAY : undefined });
        assert.ok([400, 404].includes(answer.status), `${path.slice(0, 60)}: ${answer.status}`);
        assertClean(answer, path);
      }
    });

    it('login with a huge password is refused before it is hashed', async () => {
      const answer = await server.call('POST', '/api/v1/auth/login', { body: { email: ADMIN.email, password: 'x'.repeat(5000) } });
      assert.equal(answer.status, 400);
    });
  });
}
