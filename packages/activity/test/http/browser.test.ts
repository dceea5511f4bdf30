import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type BrowserContext } from 'playwright-core';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { ActivityHarness, ADMIN } from '../support/harness.ts';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;

/**
 * The browser reaches the server by a name that is not loopback
 * (`activity.test`, mapped to 127.0.0.1 inside Chromium only): Chromium
 * treats http://127.0.0.1 and http://localhost as secure origins and would
 * keep a Secure cookie there, unlike a real deployment on plain http.
 */
const HOST = 'activity.test';

async function launch(): Promise<{ context: BrowserContext; cleanup: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'activity-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ],
  });
  return {
    context,
    cleanup: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What the page's own fetch calls see: status and body of each step. */
async function signInFlow(context: BrowserContext, origin: string) {
  const page = await context.newPage();
  await page.goto(`${origin}/health`);
  return page.evaluate(
    async ({ email, password }) => {
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: await res.text() };
      };
      const login = await call('POST', '/api/v1/auth/login', { email, password });
      const me = await call('GET', '/api/v1/auth/me');
      return { login, me, visibleCookies: (globalThis as unknown as { document: { cookie: string } }).document.cookie };
    },
    { email: ADMIN.email, password: ADMIN.password },
  );
}

describe('a real browser and the session cookie', { skip }, () => {
  const backend = testBackends()[0]!;
  let database: TestDatabase;

  before(async () => {
    database = await backend.create();
  });
  after(async () => {
    await database?.drop();
  });

  it('keeps and sends the cookie over plain http with APP_SECURE_COOKIES=false, and logout ends it', async () => {
    const server = await ActivityHarness.start(database, { env: { APP_SECURE_COOKIES: 'false' } });
    const { context, cleanup } = await launch();
    try {
      const origin = server.base.replace('127.0.0.1', HOST);
      const flow = await signInFlow(context, origin);
      assert.equal(flow.login.status, 200);
      assert.equal(flow.login.body, '{"status":"ok"}');
      assert.equal(flow.me.status, 200, 'the browser sent the cookie back');
      assert.equal(JSON.parse(flow.me.body).email, ADMIN.email);
      assert.equal(flow.visibleCookies, '', 'HttpOnly: scripts cannot read it');
      const [cookie] = await context.cookies(origin);
      assert.equal(cookie?.name, 'app_session');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.equal(cookie?.secure, false);
      assert.equal(cookie?.path, '/');
      assert.ok(cookie!.expires * 1000 > Date.now() + 1_209_000_000, 'a 14-day lifetime');

      const page = context.pages().at(-1)!;
      const after = await page.evaluate(async () => {
        const out = await fetch('/api/v1/auth/logout', { method: 'POST' });
        const me = await fetch('/api/v1/auth/me');
        return { logout: out.status, me: me.status };
      });
      assert.deepEqual(after, { logout: 200, me: 401 });
      assert.deepEqual(await context.cookies(origin), [], 'the browser dropped the cleared cookie');
      // The old value is dead on the server too, whoever replays it.
      const replay = await server.call('GET', '/api/v1/auth/me', { cookie: `app_session=${cookie!.value}` });
      assert.equal(replay.status, 401);
    } finally {
      await cleanup();
      await server.close();
    }
  });

  it('drops the Secure cookie over plain http when secure cookies are on: login appears to do nothing', async () => {
    const server = await ActivityHarness.start(database, { env: { APP_SECURE_COOKIES: 'true' } });
    const { context, cleanup } = await launch();
    try {
      const origin = server.base.replace('127.0.0.1', HOST);
      const flow = await signInFlow(context, origin);
      assert.equal(flow.login.status, 200, 'the server accepted the password');
      assert.equal(flow.me.status, 401, 'but the browser kept no cookie to send');
      assert.deepEqual(await context.cookies(origin), []);
    } finally {
      await cleanup();
      await server.close();
    }
  });
});
