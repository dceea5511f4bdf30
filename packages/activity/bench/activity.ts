// Activity server benchmark, everything on this machine in one run:
//   1. webhook deliveries/s to a local receiver (signed, claimed under a
//      lease, sent, recorded): a backlog queued while the server was down and
//      drained after it starts, and live events queued through the HTTP test
//      route; next to raw undici POST loops to the same receiver (one request
//      at a time, and as many connections as the worker uses);
//   2. GET /api/v1/auth/me req/s (session checked against its row) next to
//      a bare route of the same server (/health);
//   3. login refusal times for an unknown email, a wrong password and a
//      deactivated account (the refusals must cost the same).
// Run: node packages/activity/bench/activity.ts [--seconds 5] [--events 5000] [--concurrency 32]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { Pool, request } from 'undici';
import { loadActivityConfig } from '../src/config.ts';
import { PasswordHasher } from '../src/security/password-hasher.ts';
import { EventQueue } from '../src/services/event-queue.ts';
import { openActivityStore } from '../src/store/open-activity-store.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, events: { type: 'string', default: '5000' }, concurrency: { type: 'string', default: '32' } } });
const SECONDS = Number(values.seconds);
const EVENTS = Number(values.events);
const CONCURRENCY = Number(values.concurrency);
const LIMIT_MS = 5 * 60_000;
const ADMIN = { email: 'bench@example.com', password: 'bench password 1' };
const bin = new URL('../bin/activity.js', import.meta.url).pathname;

/** A receiver in a process of its own: answers 204 to every POST, counts them, tells the count on GET. */
const RECEIVER = `
const http = require('node:http');
let count = 0;
http.createServer((req, res) => {
  if (req.method === 'GET') { res.end(String(count)); return; }
  req.on('data', () => {});
  req.on('end', () => { count++; res.writeHead(204); res.end(); });
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });
`;

async function firstLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining the logs without keeping them
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Runs `work` from `concurrency` loops for `seconds`; resolves with completions per second. */
async function rate(seconds: number, concurrency: number, work: () => Promise<void>): Promise<number> {
  const warmUntil = performance.now() + 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < warmUntil) await work();
  }));
  let done = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      await work();
      done++;
    }
  }));
  return done / ((performance.now() - start) / 1000);
}

/** A JSON POST over node:http, from a chosen local address. */
function post(base: string, pathname: string, body: unknown, localAddress = '127.0.0.1'): Promise<{ status: number; text: string; cookie: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'activity-bench-'));
  const children: ChildProcess[] = [];
  const watchdog = setTimeout(() => {
    console.error('bench: over the time limit, giving up');
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, LIMIT_MS);
  try {
    const receiverProcess = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(receiverProcess);
    const receiver = `http://127.0.0.1:${await firstLine(receiverProcess, /^(\d+)\n/)}`;
    const received = async () => Number((await (await request(`${receiver}/count`)).body.text()));

    const dbPath = path.join(dir, 'activity.db');
    const account = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, APP_DATABASE_URL: dbPath }, encoding: 'utf8' });
    for (let i = 0; i < 2; i++) account(['account', '--email', `user${i}@example.com`, '--password', 'user password', '--role', 'member']);
    account(['deactivate', '--email', 'user1@example.com']);
    // The backlog: events queued through the server's own outbox code while no server runs.
    const webhooks = JSON.stringify([{ name: 'bench', kind: 'webhook', url: `${receiver}/hook`, secret: 'bench-secret', events: ['test'] }]);
    {
      const config = loadActivityConfig({ APP_DATABASE_URL: dbPath, APP_WEBHOOKS: webhooks });
      const store = await openActivityStore(dbPath);
      const queue = new EventQueue({ config, store, clock: Date.now, logger: pino({ level: 'silent' }), hasher: new PasswordHasher() });
      const destination = config.webhooks[0]!;
      for (let i = 0; i < EVENTS; i += 500) {
        await store.transaction(async (ops) => {
          for (let j = i; j < Math.min(EVENTS, i + 500); j++) await queue.enqueue(ops, { event: 'test' }, destination);
        });
      }
      await store.close();
    }
    const server = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      env: {
        ...process.env,
        APP_DATABASE_URL: dbPath,
        APP_SECURE_COOKIES: 'false',
        APP_ADMIN: `${ADMIN.email}:${ADMIN.password}`,
        APP_WEBHOOKS: webhooks,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(server);
    const base = await firstLine(server, /"url":"(http:\/\/[^"]+)"/);
    // 1a. The backlog drains: from the first receipt to the last.
    let firstAt = 0;
    for (;;) {
      const n = await received();
      if (n > 0 && firstAt === 0) firstAt = performance.now();
      if (n >= EVENTS) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const backlogRate = EVENTS / ((performance.now() - firstAt) / 1000);
    const cookie = (await post(base, '/api/v1/auth/login', ADMIN)).cookie!;

    // 1b. Raw POST loops: the same kind of body and headers as a delivery.
    const body = JSON.stringify({ version: 1, id: '6f1c2b1e-9c57-4d0e-8f5e-2a0b8c1d3e4f', event: 'test', occurred_at: new Date().toISOString(), server_version: '0.1.0' });
    const rawLoop = async (connections: number) => {
      const raw = new Pool(receiver, { connections });
      const result = await rate(SECONDS, connections, async () => {
        const res = await raw.request({ path: '/hook', method: 'POST', headers: { 'content-type': 'application/json', 'x-app-event': 'test' }, body });
        await res.body.dump();
      });
      await raw.close();
      return result;
    };
    const rawRate = await rawLoop(1);
    const rawWideRate = await rawLoop(CONCURRENCY);

    // 1c. Live deliveries end to end: queue EVENTS test events through the API, measure until the receiver has them all.
    const api = new Pool(base, { connections: CONCURRENCY });
    const before = await received();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    let queued = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (queued < EVENTS) {
        queued++;
        const res = await api.request({ path: '/api/v1/webhooks/bench/test', method: 'POST', headers: { cookie } });
        if (res.statusCode !== 202) throw new Error(`test route answered ${res.statusCode}`);
        await res.body.dump();
      }
    }));
    const queuedMs = performance.now() - started;
    while ((await received()) - before < EVENTS) {
      if (performance.now() - started > 120_000) throw new Error('deliveries did not finish in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const deliveryRate = EVENTS / ((performance.now() - started) / 1000);

    // 2. /auth/me against a bare route of the same server.
    const meRate = await rate(SECONDS, CONCURRENCY, async () => {
      const res = await api.request({ path: '/api/v1/auth/me', method: 'GET', headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`me answered ${res.statusCode}`);
      await res.body.dump();
    });
    const bareRate = await rate(SECONDS, CONCURRENCY, async () => {
      const res = await api.request({ path: '/health', method: 'GET' });
      await res.body.dump();
    });
    await api.close();

    // 3. Login refusals, interleaved, each from its own loopback address so throttling never starts.
    const cases = { 'unknown email': 'nobody@example.com', 'wrong password': 'user0@example.com', 'deactivated account': 'user1@example.com' } as const;
    const times: Record<string, number[]> = { 'unknown email': [], 'wrong password': [], 'deactivated account': [] };
    for (let round = 0; round < 9; round++) {
      for (const [label, email] of Object.entries(cases)) {
        const address = `127.0.${10 + round}.${1 + Object.keys(cases).indexOf(label)}`;
        const t0 = performance.now();
        const answer = await post(base, '/api/v1/auth/login', { email, password: 'not the password' }, address);
        times[label]!.push(performance.now() - t0);
        if (answer.status !== 401) throw new Error(`${label}: ${answer.status} ${answer.text}`);
      }
    }

    const cpus = os.cpus();
    console.log(`\n${new Date().toISOString()}: ${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? '?'}), Node ${process.version}, SQLite in ${dir}`);
    console.log(`worker concurrency 32; ${CONCURRENCY} concurrent clients; ${SECONDS} s per rate after 1 s warm-up; live: ${EVENTS} events queued in ${(queuedMs / 1000).toFixed(1)} s\n`);
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
    const rows: [string, string, string, string, string][] = [
      [`webhook deliveries/s, backlog of ${EVENTS} drained`, backlogRate.toFixed(0), `raw undici POST loop ${rawRate.toFixed(0)}/s`, pct(backlogRate, rawRate), backlogRate >= rawRate / 2 ? 'yes' : 'no'],
      [`the same, next to ${CONCURRENCY} connections`, backlogRate.toFixed(0), `raw loop, ${CONCURRENCY} connections, ${rawWideRate.toFixed(0)}/s`, pct(backlogRate, rawWideRate), ''],
      ['webhook deliveries/s, live: each event queued by an HTTP request', deliveryRate.toFixed(0), `raw undici POST loop ${rawRate.toFixed(0)}/s`, pct(deliveryRate, rawRate), deliveryRate >= rawRate / 2 ? 'yes' : 'no'],
      ['GET /api/v1/auth/me req/s', meRate.toFixed(0), `bare route (/health) ${bareRate.toFixed(0)}/s`, pct(meRate, bareRate), meRate >= bareRate / 2 ? 'yes' : 'no'],
    ];
    console.log('| measure | activity | next to | ratio (target >= 50%) | met |');
    console.log('| --- | ---: | --- | ---: | --- |');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    console.log('\n| login refusal (9 each, interleaved) | median ms | min ms | max ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [label, xs] of Object.entries(times)) console.log(`| ${label} | ${median(xs).toFixed(1)} | ${Math.min(...xs).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`);
    return 0;
  } finally {
    clearTimeout(watchdog);
    for (const child of children.reverse()) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
