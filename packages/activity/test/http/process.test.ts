import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runProgramProcess, startServer, testBackends, type RunningServer } from '@quartet/common/testing';
import { AGENT, AGENT_TOKEN } from '../support/harness.ts';
import { Receiver } from '../support/receiver.ts';

const ADMIN_ENV = 'root@example.com:root password';

async function call(base: string, method: string, path: string, options: { cookie?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : undefined, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/v1/auth/login', { body: { email, password } });
  assert.equal(answer.status, 200, `login ${email}: ${answer.text}`);
  return answer.cookie!;
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Listing {
  destinations: { name: string; pending: number; delivered: number; abandoned: number }[];
  recent: { event_id: string; destination: string; delivered_at: string | null; abandoned_at: string | null }[];
}

describe('activity commands', () => {
  const sqlite = testBackends()[0]!;

  it('admin refuses a short password with one line and exit code 2', async () => {
    const database = await sqlite.create();
    try {
      const result = await runProgramProcess('activity', ['admin', '--email', 'a@example.com', '--password', 'seven77'], { env: { APP_DATABASE_URL: database.url } });
      assert.equal(result.code, 2);
      assert.equal(result.stderr, 'activity admin: --password: the password must be at least 8 characters\n');
      const missing = await runProgramProcess('activity', ['admin', '--email', 'a@example.com'], { env: { APP_DATABASE_URL: database.url } });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--password is required/);
      const role = await runProgramProcess('activity', ['account', '--email', 'a@example.com', '--password', 'long enough', '--role', 'owner'], { env: { APP_DATABASE_URL: database.url } });
      assert.equal(role.code, 2);
      assert.match(role.stderr, /--role: expected one of admin, manager, member/);
    } finally {
      await database.drop();
    }
  });

  it('admin promotes an agent-only account; account and deactivate manage sign-in accounts', async () => {
    const database = await sqlite.create();
    const env = { APP_DATABASE_URL: database.url, APP_SECURE_COOKIES: 'false', APP_AGENTS: JSON.stringify([AGENT]) };
    let server: RunningServer | undefined = await startServer('activity', [], env);
    try {
      // The agent-list account exists and cannot sign in.
      assert.equal((await call(server.url, 'POST', '/api/v1/auth/login', { body: { email: AGENT.email, password: 'anything goes' } })).status, 401);
      const promoted = await runProgramProcess('activity', ['admin', '--email', AGENT.email.toUpperCase(), '--password', 'ann admin pw'], { env });
      assert.equal(promoted.code, 0, promoted.stderr);
      assert.equal(promoted.stdout, `${AGENT.email} is an administrator (password reset)\n`);
      const ann = await login(server.url, AGENT.email, 'ann admin pw');
      const me = (await call(server.url, 'GET', '/api/v1/auth/me', { cookie: ann })).json as Record<string, string>;
      assert.deepEqual(me, { id: me.id, email: AGENT.email, display_name: AGENT.name, role: 'admin' });
      // Its agent goes on reporting, unaffected by sign-in.
      assert.equal((await call(server.url, 'POST', '/api/v1/agent/activity', { token: AGENT_TOKEN, body: { samples: [] } })).status, 202);

      const manager = await runProgramProcess('activity', ['account', '--email', 'max@example.com', '--password', 'manager pw', '--role', 'manager', '--name', 'Max Boss', '--department', 'Sales'], { env });
      assert.equal(manager.code, 0, manager.stderr);
      assert.equal(manager.stdout, 'max@example.com is a manager (created)\n');
      const max = await login(server.url, 'max@example.com', 'manager pw');
      assert.equal(((await call(server.url, 'GET', '/api/v1/auth/me', { cookie: max })).json as { role: string }).role, 'manager');
      assert.equal((await call(server.url, 'GET', '/api/v1/webhooks', { cookie: max })).status, 403);

      const off = await runProgramProcess('activity', ['deactivate', '--email', 'max@example.com'], { env });
      assert.equal(off.code, 0, off.stderr);
      assert.equal((await call(server.url, 'GET', '/api/v1/auth/me', { cookie: max })).status, 401, 'its session ended at once');
      assert.equal((await call(server.url, 'POST', '/api/v1/auth/login', { body: { email: 'max@example.com', password: 'manager pw' } })).text, '{"error":"wrong email or password"}');
      const unknown = await runProgramProcess('activity', ['deactivate', '--email', 'nobody@example.com'], { env });
      assert.equal(unknown.code, 1);

      // APP_ADMIN at start: creates (or resets and promotes) the account.
      assert.equal(await server.stop('SIGTERM'), 0);
      server = await startServer('activity', [], { ...env, APP_ADMIN: `max@example.com:${'new max password'}` });
      const again = await login(server.url, 'max@example.com', 'new max password');
      assert.equal(((await call(server.url, 'GET', '/api/v1/auth/me', { cookie: again })).json as { role: string }).role, 'admin');
      const audit = (await call(server.url, 'GET', '/api/v1/audit', { cookie: again })).json as { entries: { action: string; actor: string; subject: string }[] };
      assert.ok(audit.entries.some((e) => e.action === 'admin.set' && e.actor === 'APP_ADMIN' && e.subject === 'max@example.com'));
      assert.ok(audit.entries.some((e) => e.action === 'admin.set' && e.actor === 'cli' && e.subject === AGENT.email));
    } finally {
      await server?.stop('SIGTERM');
      await database.drop();
    }
  });

  const badSettings: [Record<string, string>, RegExp][] = [
    [{ APP_WEBHOOKS: '[{"name":"x",' }, /^activity serve: invalid setting APP_WEBHOOKS: expected a JSON array of destinations \(the value is not valid JSON\)$/],
    [{ APP_WEBHOOKS: '[{"name":"x","kind":"pager","url":"http://h"}]' }, /^activity serve: invalid setting APP_WEBHOOKS: destination "x": "kind" must be one of/],
    [{ APP_WEBHOOKS: '[{"name":"x","kind":"webhook","url":"http://h"}]' }, /^activity serve: invalid setting APP_WEBHOOKS: destination "x": "secret" is required/],
    [{ APP_AGENTS: '[{"email":"a@b.c","name":"A","token":"short"}]' }, /^activity serve: invalid setting APP_AGENTS: agent 1: "token"/],
    [{ APP_ADMIN: 'root@example.com:short' }, /^activity serve: invalid setting APP_ADMIN: the password must be at least 8 characters$/],
    [{ APP_RETRY_SCHEDULE: '10,soon' }, /^activity serve: invalid setting APP_RETRY_SCHEDULE="10,soon"/],
    [{ APP_SECURE_COOKIES: 'no' }, /^activity serve: invalid setting APP_SECURE_COOKIES="no"/],
  ];
  for (const [env, message] of badSettings) {
    it(`stops at start with one line naming ${Object.keys(env)[0]} and exit code 2`, async () => {
      const result = await runProgramProcess('activity', ['serve', '--port', '0'], { env: { APP_DATABASE_URL: ':memory:', ...env } });
      assert.equal(result.code, 2);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr.trim(), message);
      assert.equal(result.stdout, '');
    });
  }
});

for (const backend of testBackends()) {
  describe(`deliveries across a crash on ${backend.engine}`, { skip: backend.skip }, () => {
    it('SIGKILL with deliveries pending and in flight: after a restart every delivery ends delivered as the receiver saw it', async () => {
      const database = await backend.create();
      const receiver = await Receiver.start({ '/a': 'secret-a', '/b': 'secret-b' });
      const env = {
        APP_DATABASE_URL: database.url,
        APP_SECURE_COOKIES: 'false',
        APP_ADMIN: ADMIN_ENV,
        APP_AGENTS: JSON.stringify([AGENT]),
        APP_WEBHOOKS: JSON.stringify([
          { name: 'a', kind: 'webhook', url: `${receiver.url}/a`, secret: 'secret-a' },
          { name: 'b', kind: 'webhook', url: `${receiver.url}/b`, secret: 'secret-b' },
        ]),
        APP_RETRY_SCHEDULE: Array(20).fill('0.2').join(','),
        APP_DELIVERY_TIMEOUT_MS: '1000',
      };
      // Before the crash: a third accepted, a third failing, a third hanging (in flight at the kill).
      let n = 0;
      receiver.answer = () => [{ status: 200 }, { status: 500 }, 'hang' as const][n++ % 3]!;
      let server = await startServer('activity', [], env);
      try {
        const cookie = await login(server.url, 'root@example.com', 'root password');
        const queued = await Promise.all(Array.from({ length: 40 }, (_, i) => call(server.url, 'POST', `/api/v1/webhooks/${i % 2 ? 'a' : 'b'}/test`, { cookie })));
        assert.ok(queued.every((q) => q.status === 202));
        const end = Date.now() - 1000;
        const day = await call(server.url, 'PUT', `/api/v1/agent/days/${new Date(end).toISOString().slice(0, 10)}`, {
          token: AGENT_TOKEN,
          body: { kind: 'work', started_at: new Date(end - 3600_000).toISOString(), ended_at: new Date(end).toISOString() },
        });
        assert.equal(day.status, 200);
        await receiver.waitFor(() => receiver.received.length >= 20, 10_000, 'first attempts');
        assert.equal(await server.stop('SIGKILL'), 'SIGKILL');
        const beforeCrash = receiver.received.length;

        receiver.answer = () => ({ status: 200 });
        server = await startServer('activity', [], env);
        const listing = async () => (await call(server.url, 'GET', '/api/v1/webhooks', { cookie })).json as Listing;
        await until(async () => (await listing()).destinations.every((d) => d.pending === 0), 20_000, 'every delivery to finish');
        const { destinations, recent } = await listing();
        assert.deepEqual(destinations.map((d) => [d.name, d.delivered, d.abandoned]), [['a', 21, 0], ['b', 21, 0]]);
        assert.equal(recent.length, 42);
        assert.ok(receiver.received.length > beforeCrash, 'the restarted server went on');

        const accepted = receiver.accepted();
        for (const delivery of recent) {
          assert.notEqual(delivery.delivered_at, null);
          const path = `/${delivery.destination}`;
          const seen = receiver.received.filter((r) => r.path === path && r.headers['x-app-event-id'] === delivery.event_id);
          assert.ok(accepted.some((r) => r.path === path && r.headers['x-app-event-id'] === delivery.event_id), `receiver accepted ${delivery.event_id} at ${path}`);
          // Duplicates are the same event: same id, same bytes, valid signatures.
          assert.ok(seen.every((r) => r.signatureValid === true && r.raw.equals(seen[0]!.raw) && (r.json as { id: string }).id === delivery.event_id));
        }
        // Nothing was accepted that the server does not know as delivered.
        const known = new Set(recent.map((r) => `/${r.destination} ${r.event_id}`));
        for (const r of accepted) assert.ok(known.has(`${r.path} ${String(r.headers['x-app-event-id'])}`));
      } finally {
        await server.stop('SIGKILL');
        await receiver.close();
        await database.drop();
      }
    });
  });
}

const postgres = testBackends().find((b) => b.engine === 'postgres')!;

describe('two server processes on one PostgreSQL database', { skip: postgres.skip }, () => {
  it('share the queue and never send one delivery twice at the same time', async () => {
    const database = await postgres.create();
    const receiver = await Receiver.start({ '/a': 'secret-a' });
    receiver.answer = () => ({ status: 200, delayMs: 20 });
    const env = {
      APP_DATABASE_URL: database.url,
      APP_SECURE_COOKIES: 'false',
      APP_ADMIN: ADMIN_ENV,
      APP_WEBHOOKS: JSON.stringify([{ name: 'a', kind: 'webhook', url: `${receiver.url}/a`, secret: 'secret-a', events: ['test'] }]),
      APP_RETRY_SCHEDULE: '0.2,0.2,0.2',
      APP_DELIVERY_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'debug',
    };
    const [one, two] = await Promise.all([startServer('activity', [], env), startServer('activity', [], env)]);
    try {
      const cookies = [await login(one.url, 'root@example.com', 'root password'), await login(two.url, 'root@example.com', 'root password')];
      const events = await Promise.all(
        Array.from({ length: 120 }, async (_, i) => {
          const server = i % 2 ? one : two;
          const answer = await call(server.url, 'POST', '/api/v1/webhooks/a/test', { cookie: cookies[i % 2 ? 0 : 1] });
          return (answer.json as { event_id: string }).event_id;
        }),
      );
      await receiver.waitFor(() => receiver.accepted().length >= 120, 20_000, '120 deliveries');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.maxConcurrentSameDelivery, 1, 'no delivery was sent twice at once');
      const ids = receiver.received.map((r) => String(r.headers['x-app-event-id']));
      assert.deepEqual([...ids].sort(), [...events].sort(), 'each delivered once');
      assert.ok(receiver.received.every((r) => r.signatureValid === true));
      const delivered = (s: RunningServer) => s.output().split('\n').filter((l) => l.includes('"msg":"delivered"')).length;
      assert.equal(delivered(one) + delivered(two), 120);
      assert.ok(delivered(one) > 0 && delivered(two) > 0, `both processes delivered (${delivered(one)} and ${delivered(two)})`);
    } finally {
      await Promise.all([one.stop('SIGTERM'), two.stop('SIGTERM')]);
      await receiver.close();
      await database.drop();
    }
  });
});
