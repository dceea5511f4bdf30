import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { PasswordHasher } from '../../src/security/password-hasher.ts';
import { deactivateAccount, setAccount } from '../../src/services/accounts.ts';
import { ActivityHarness, ADMIN, AGENT, cookieOf, FakeClock } from '../support/harness.ts';

const DAY = 86_400_000;
const LOGIN_FAILED = '{"error":"wrong email or password"}';

/** Counts every password derivation and the kind of stored hash it ran against. */
class CountingHasher extends PasswordHasher {
  readonly verified: string[] = [];
  constructor() {
    super({ memory: 1024, passes: 1, parallelism: 1 });
  }
  override async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    this.verified.push(stored ? stored.replace(/\$[^$]+\$[^$]+$/, '') : 'dummy');
    return super.verify(password, stored);
  }
}

for (const backend of testBackends()) {
  describe(`sign-in over HTTP on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let server: ActivityHarness;
    const clock = new FakeClock();
    const hasher = new CountingHasher();
    const login = (email: string, password: string) => server.call('POST', '/api/v1/auth/login', { body: { email, password } });
    /** Every throttling window starts afresh. */
    const freshWindow = () => clock.advance(16 * 60_000);

    before(async () => {
      database = await backend.create();
      server = await ActivityHarness.start(database, { clock: clock.read, hasher });
      const context = server.services.context;
      await setAccount(context, { email: 'max@example.com', password: 'manager password', role: 'manager', name: 'Max Boss', department: 'Sales' }, 'test');
      await setAccount(context, { email: 'gone@example.com', password: 'former password', role: 'member' }, 'test');
      await deactivateAccount(context, 'gone@example.com', 'test');
    });
    after(async () => {
      await server?.close();
      await database?.drop();
    });

    it('logs in: 200 {"status":"ok"} and the session cookie with the spec attributes', async () => {
      const answer = await login(ADMIN.email, ADMIN.password);
      assert.equal(answer.status, 200);
      assert.equal(answer.text, '{"status":"ok"}');
      assert.match(answer.headers.get('set-cookie')!, /^app_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=1209600$/);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    });

    it('matches the email without regard to case or surrounding blanks', async () => {
      assert.equal((await login(`  ${ADMIN.email.toUpperCase()} `, ADMIN.password)).status, 200);
    });

    it('me: the account of the session, four fields', async () => {
      const cookie = await server.login('max@example.com', 'manager password');
      const me = await server.call('GET', '/api/v1/auth/me', { cookie });
      assert.equal(me.status, 200);
      assert.deepEqual(Object.keys(me.json as object), ['id', 'email', 'display_name', 'role']);
      assert.deepEqual({ ...(me.json as object), id: undefined }, { id: undefined, email: 'max@example.com', display_name: 'Max Boss', role: 'manager' });
    });

    it('answers the same 401 body for an unknown email, a deactivated account, an agent account and a wrong password', async () => {
      freshWindow();
      hasher.verified.length = 0;
      const cases = [
        ['nobody@example.com', 'whatever password'],
        ['gone@example.com', 'former password'],
        [AGENT.email, 'any password at all'],
        [ADMIN.email, 'wrong password'],
        ['not an email', 'x'],
        ["' OR '1'='1' --", "' OR '1'='1"],
      ];
      for (const [email, password] of cases) {
        const answer = await login(email!, password!);
        assert.equal(answer.status, 401, email);
        assert.equal(answer.text, LOGIN_FAILED, email);
        assert.equal(answer.headers.get('set-cookie'), null);
      }
      // Equal cost: exactly one derivation per attempt, each with the same parameters.
      assert.equal(hasher.verified.length, cases.length);
      assert.deepEqual(new Set(hasher.verified.map((v) => (v === 'dummy' ? '$argon2id$v=19$m=1024,t=1,p=1' : v))), new Set(['$argon2id$v=19$m=1024,t=1,p=1']));
    });

    it('refuses after 10 failures for one email within 15 minutes, even the right password, with Retry-After', async () => {
      freshWindow();
      for (let i = 0; i < 10; i++) assert.equal((await login('max@example.com', `wrong ${i}`)).status, 401);
      clock.advance(60_000);
      const blocked = await login('max@example.com', 'manager password');
      assert.equal(blocked.status, 429);
      assert.equal((blocked.json as { error: string }).error, 'too_many_requests');
      assert.equal(blocked.headers.get('retry-after'), String(14 * 60));
      clock.advance(14 * 60_000);
      assert.equal((await login('max@example.com', 'manager password')).status, 200, 'the window passed');
    });

    it('refuses after 10 failures from one client address across emails', async () => {
      freshWindow();
      for (let i = 0; i < 10; i++) assert.equal((await login(`someone${i}@example.com`, 'wrong password')).status, 401);
      const blocked = await login(ADMIN.email, ADMIN.password);
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers.get('retry-after')) > 0);
      freshWindow();
      assert.equal((await login(ADMIN.email, ADMIN.password)).status, 200);
    });

    it('a successful login forgets the failures of that email', async () => {
      freshWindow();
      for (let i = 0; i < 5; i++) await login('max@example.com', 'wrong');
      assert.equal((await login('max@example.com', 'manager password')).status, 200);
      for (let i = 0; i < 4; i++) await login('max@example.com', 'wrong');
      freshWindow();
    });

    it('pushes the 14-day lifetime out on each use, and ends it 14 days after the last use', async () => {
      const cookie = await server.login(ADMIN.email, ADMIN.password);
      clock.advance(13 * DAY);
      const used = await server.call('GET', '/api/v1/auth/me', { cookie });
      assert.equal(used.status, 200);
      assert.equal(cookieOf(used), cookie, 'the same session cookie, sent again');
      assert.match(used.headers.get('set-cookie')!, /Max-Age=1209600/);
      const again = await server.call('GET', '/api/v1/auth/me', { cookie });
      assert.equal(again.headers.get('set-cookie'), null, 'not re-sent within the minute');
      clock.advance(13 * DAY);
      assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie })).status, 200, '26 days after login, used 13 days ago');
      clock.advance(14 * DAY + 1000);
      const expired = await server.call('GET', '/api/v1/auth/me', { cookie });
      assert.equal(expired.status, 401);
      assert.equal((expired.json as { error: string }).error, 'unauthorized');
    });

    it('logout ends this session only, clears the cookie and answers {"status":"ok"}', async () => {
      const one = await server.login(ADMIN.email, ADMIN.password);
      const two = await server.login(ADMIN.email, ADMIN.password);
      const out = await server.call('POST', '/api/v1/auth/logout', { cookie: one });
      assert.equal(out.status, 200);
      assert.equal(out.text, '{"status":"ok"}');
      assert.equal(out.headers.get('set-cookie'), 'app_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0');
      assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie: one })).status, 401);
      assert.equal((await server.call('POST', '/api/v1/auth/logout', { cookie: one })).status, 401);
      assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie: two })).status, 200);
    });

    it('logout-everywhere ends every session of the caller, not of others', async () => {
      const sessions = [await server.login(ADMIN.email, ADMIN.password), await server.login(ADMIN.email, ADMIN.password)];
      const other = await server.login('max@example.com', 'manager password');
      const out = await server.call('POST', '/api/v1/auth/logout-everywhere', { cookie: sessions[0] });
      assert.equal(out.status, 200);
      assert.equal(out.text, '{"status":"ok"}');
      for (const cookie of sessions) assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie })).status, 401);
      assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie: other })).status, 200);
    });

    it('ends access at once when an account is deactivated', async () => {
      const context = server.services.context;
      await setAccount(context, { email: 'temp@example.com', password: 'temporary pw', role: 'member' }, 'test');
      const cookie = await server.login('temp@example.com', 'temporary pw');
      await deactivateAccount(context, 'temp@example.com', 'test');
      assert.equal((await server.call('GET', '/api/v1/auth/me', { cookie })).status, 401);
      assert.equal((await login('temp@example.com', 'temporary pw')).text, LOGIN_FAILED);
    });

    it('refuses forged, malformed and foreign cookies with 401', async () => {
      const forged = [
        'app_session=' + 'A'.repeat(43),
        'app_session=',
        'app_session=short',
        "app_session=' OR 1=1 --",
        'app_session=' + 'x'.repeat(5000),
        'other=1',
        'APP_SESSION=' + 'A'.repeat(43),
      ];
      for (const cookie of forged) {
        const answer = await server.call('GET', '/api/v1/auth/me', { cookie });
        assert.equal(answer.status, 401, cookie.slice(0, 30));
        assert.deepEqual(answer.json, { error: 'unauthorized', message: 'Sign in first: no session, or the session has ended.' });
      }
      assert.equal((await server.call('GET', '/api/v1/auth/me')).status, 401);
    });

    it('stores sessions by hash: the cookie value is nowhere in the database', async () => {
      const cookie = await server.login(ADMIN.email, ADMIN.password);
      const id = cookie.split('=')[1]!;
      const { store } = server.services.context;
      assert.equal(await store.liveSession(id, clock.now), undefined);
    });

    it('writes the audit entries of sign-in', async () => {
      const cookie = await server.login(ADMIN.email, ADMIN.password);
      const audit = await server.call('GET', '/api/v1/audit', { cookie });
      assert.equal(audit.status, 200);
      const actions = (audit.json as { entries: { action: string; actor: string }[] }).entries.map((e) => e.action);
      for (const action of ['auth.login', 'auth.logout', 'auth.logout_everywhere', 'admin.set']) assert.ok(actions.includes(action), action);
      const manager = await server.login('max@example.com', 'manager password');
      assert.equal((await server.call('GET', '/api/v1/audit', { cookie: manager })).status, 403);
      assert.equal((await server.call('GET', '/api/v1/audit')).status, 401);
    });
  });
}

describe('secure cookies (the default)', () => {
  it('adds Secure to the session cookie and to its clearing', async () => {
    const backend = testBackends()[0]!;
    const database = await backend.create();
    const server = await ActivityHarness.start(database, { env: { APP_SECURE_COOKIES: 'true' } });
    try {
      const answer = await server.call('POST', '/api/v1/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
      assert.match(answer.headers.get('set-cookie')!, /^app_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=1209600; Secure$/);
      const out = await server.call('POST', '/api/v1/auth/logout', { cookie: cookieOf(answer) });
      assert.equal(out.headers.get('set-cookie'), 'app_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure');
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
