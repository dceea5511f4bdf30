// Relay benchmark: the relay (SQLite) next to NATS JetStream (file storage)
// doing the same work on the same machine in the same run.
//   npm run bench:relay
// Needs a NATS server with JetStream at 127.0.0.1:4222 (override: NATS_URL).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, StorageType, type JetStreamClient } from 'nats';
import { Agent } from 'undici';
import { RelayClient, type Cursor } from '../src/index.ts';

const NATS_URL = process.env.NATS_URL ?? '127.0.0.1:4222';
const WRITERS = 4;
const BATCH = 100;
const ENTRY_BYTES = 1024;
const WARMUP_MS = 1_000;
const DURATION_MS = 5_000;
const IDLE_WAITERS = 10_000;
const SAMPLES = 200;
const WARMUP_SAMPLES = 10;
// Requests answered at once before sampling, so the relay's garbage collector
// has moved the 10,000 just-opened requests out of its young generation (a
// one-time pause after a burst of connections) and the samples see the
// steady state with 10,000 idle waiters.
const SETTLE_REQUESTS = 3_000;
// Idle time before each probe append: it lets the probe's long-poll reach the
// relay and register, so the sample measures a wake-up, not an immediate answer.
const PROBE_GAP_MS = 20;
const ROUNDS = 3; // append and read figures are medians of rounds, alternating which system goes first
const LIMIT_MS = 240_000;

// Every idle waiter is one HTTP connection in this process and one in the
// relay, so both need more than 10,000 descriptors. The relay inherits ours.
const needFiles = IDLE_WAITERS + 1_000;
const [soft, hard] = openFileLimits();
if (soft < needFiles) {
  if (hard < needFiles || process.env.RELAY_BENCH_REEXEC) {
    console.error(`bench: needs ${needFiles} open files, the hard limit is ${hard}; raise it (ulimit -Hn) and retry`);
    process.exit(2);
  }
  // Node cannot raise its own limit: run again under a shell that does.
  const target = Math.min(hard, 65_536);
  const again = spawnSync('sh', ['-c', `ulimit -n ${target} && exec "$0" "$@"`, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, RELAY_BENCH_REEXEC: '1' },
  });
  process.exit(again.status ?? 1);
}

function openFileLimits(): [number, number] {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files')) ?? '';
  const [s, h] = line.split(/\s+/).slice(3, 5).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return [s ?? 0, h ?? 0];
}

const payload = (): Uint8Array => randomBytes(ENTRY_BYTES);
const batchOf = Array.from({ length: BATCH }, payload);

/** Runs every writer in a loop for `ms`; returns entries per second over the whole span. */
async function rate(ms: number, writers: number, batch: (writer: number) => Promise<void>): Promise<number> {
  const start = performance.now();
  const end = start + ms;
  let batches = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < end) {
        await batch(w);
        batches += 1;
      }
    }),
  );
  return (batches * BATCH) / ((performance.now() - start) / 1000);
}

async function appendRate(batch: (writer: number) => Promise<void>): Promise<number> {
  await rate(WARMUP_MS, WRITERS, batch);
  return rate(DURATION_MS, WRITERS, batch);
}

/** Nearest-rank percentile of milliseconds. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

async function withDeadline<T>(ms: number, what: string | (() => string), work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`bench: ${typeof what === 'string' ? what : what()} took over ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- relay

interface Relay {
  readonly child: ChildProcess;
  readonly url: string;
  /** Log lines at warn or error: a healthy run has none. */
  readonly complaints: string[];
}

async function startRelay(dir: string): Promise<Relay> {
  const bin = path.join(import.meta.dirname, '..', 'bin', 'relay.js');
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--database', path.join(dir, 'relay.db')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const complaints: string[] = [];
  // Keep draining stdout for the whole run: a full pipe would block the
  // relay's synchronous log writes and stall it.
  let pending = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const found = /"url":"(http:\/\/[^"]+)"/.exec(line);
        if (found) resolve(found[1]!);
        if (/"level":"(warn|error)"/.test(line) && complaints.length < 20) complaints.push(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`relay exited (${code}) before listening`)));
  });
  return { child, url: await withDeadline(20_000, 'relay start', url), complaints };
}

async function stopRelay(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await withDeadline(10_000, 'relay stop', exited).catch(() => child.kill('SIGKILL'));
}

interface Throughput {
  readonly append: number;
  readonly readMBs: number;
}

/**
 * One round on one system: every writer appends batches for the fixed
 * duration, then one reader per writer reads its entries back.
 */
async function throughput(
  system: string,
  append: (w: number) => Promise<void>,
  read: (w: number, expected: number, done: number[]) => Promise<number>,
): Promise<Throughput> {
  const written = new Array<number>(WRITERS).fill(0);
  const rate = await appendRate(async (w) => {
    await append(w);
    written[w]! += BATCH;
  });
  const start = performance.now();
  const done = new Array<number>(WRITERS).fill(0);
  const what = () => `${system} read back (${done} of ${written} read)`;
  const bytes = await withDeadline(60_000, what, Promise.all(written.map((n, w) => read(w, n, done))));
  return { append: rate, readMBs: bytes.reduce((a, b) => a + b, 0) / 1e6 / ((performance.now() - start) / 1000) };
}

function relayRound(client: RelayClient, round: number): Promise<Throughput> {
  return throughput(
    'relay',
    (w) => client.append(`r${round}-w-${w}`, { epoch: 0, entries: batchOf }).then(() => undefined),
    async (w, expected, done) => {
      let bytes = 0;
      // pages() verifies every link of every page before yielding it, as a real reader would.
      for await (const page of client.pages(`r${round}-w-${w}`, { limit: 10_000 })) {
        for (const entry of page.entries) bytes += entry.data.byteLength;
        done[w]! += page.entries.length;
      }
      if (done[w] !== expected) throw new Error(`relay read ${done[w]} entries of ${expected}`);
      return bytes;
    },
  );
}

function jetStreamRound(js: JetStreamClient, stream: string, prefix: string, round: number): Promise<Throughput> {
  const subject = (w: number) => `${prefix}.r${round}.w.${w}`;
  return throughput(
    'JetStream',
    // The same unit of work as a relay append: 100 messages, then all 100 PubAcks.
    async (w) => void (await Promise.all(batchOf.map((data) => js.publish(subject(w), data)))),
    async (w, expected, done) => {
      // An ordered pull consumer fetching large batches. (consume() stalled
      // now and then against this server, so each pull is explicit and bounded.)
      const consumer = await js.consumers.get(stream, { filterSubjects: subject(w) });
      const until = performance.now() + 60_000;
      let bytes = 0;
      while (done[w]! < expected && performance.now() < until) {
        for await (const m of await consumer.fetch({ max_messages: Math.min(10_000, expected - done[w]!), expires: 5_000 })) {
          bytes += m.data.byteLength;
          done[w]! += 1;
        }
      }
      if (done[w] !== expected) throw new Error(`JetStream read ${done[w]} messages of ${expected}`);
      return bytes;
    },
  );
}

interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly count: number;
}

/**
 * Runs the probe cycle: `arm` starts listening and resolves with the arrival
 * time once woken; `write` sends the one entry. Warm-up samples are dropped.
 */
async function sampleWakeups(arm: () => Promise<{ arrived: Promise<number> }>, write: () => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  const deadline = performance.now() + 45_000; // well inside the idle waits' 60 s timeout
  for (let i = 0; i < WARMUP_SAMPLES + SAMPLES && performance.now() < deadline; i++) {
    const { arrived } = await arm();
    await sleep(PROBE_GAP_MS);
    const sent = performance.now();
    const [at] = await withDeadline(10_000, 'probe', Promise.all([arrived, write()]));
    if (at < sent) throw new Error('the probe woke before the write, or with a wrong head');
    if (i >= WARMUP_SAMPLES) samples.push(at - sent);
  }
  if (samples.length < SAMPLES) throw new Error(`bench: only ${samples.length} wake-up samples in time`);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), max: percentile(samples, 1), count: samples.length };
}

async function relayWakeups(url: string, relay: ChildProcess): Promise<Latency> {
  const writer = new RelayClient(url);
  const probe = new RelayClient(url);
  const idle = new RelayClient(url, { dispatcher: new Agent({ connections: IDLE_WAITERS + 16, keepAliveTimeout: 10_000 }) });
  const stopIdle = new AbortController();
  try {
    // Idle waiters, each on a stream nobody writes, paced so the connection
    // burst stays within the listen backlog.
    let answered = 0;
    const waits: Promise<boolean>[] = [];
    for (let i = 0; i < IDLE_WAITERS; i++) {
      const name = `idle-${i}`;
      const woken = idle.wait([{ name }], 60, stopIdle.signal).then(
        (heads) => {
          answered += 1;
          return heads.length === 1 && heads[0]!.name === name && heads[0]!.head === 1;
        },
        () => false,
      );
      waits.push(woken);
      if (i % 500 === 499) await sleep(25);
    }
    // Every idle wait holds a socket in the relay: count its descriptors.
    const fds = () => readdirSync(`/proc/${relay.pid}/fd`).length;
    const openUntil = performance.now() + 30_000;
    while (fds() < IDLE_WAITERS && performance.now() < openUntil) await sleep(100);
    await sleep(1_000);
    if (fds() < IDLE_WAITERS || answered > 0) throw new Error(`relay holds ${fds()} descriptors, ${answered} idle waits answered`);

    for (let i = 0; i < SETTLE_REQUESTS; i++) await probe.wait([{ name: 'settle' }], 0);
    await writer.append('probe', { epoch: 0, entries: [payload()] });
    let cursor: Cursor = (await probe.read('probe')).cursor;
    const latency = await sampleWakeups(
      async () => {
        // The cursor after the previous sample's entry: read outside the timed part.
        cursor = (await probe.read('probe', { after: cursor })).cursor;
        const heads = probe.wait([{ name: 'probe', cursor }], 60);
        return { arrived: heads.then((h) => (h[0]?.head === cursor.seq + 1 ? performance.now() : -1)) };
      },
      () => writer.append('probe', { epoch: 0, entries: [payload()] }),
    );
    if (answered > 0) throw new Error(`${answered} idle waits were answered while they should sleep`);

    // Proof that every idle wait was registered: its own append wakes it, with head 1.
    const names = Array.from({ length: IDLE_WAITERS }, (_, i) => `idle-${i}`);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let name = names.pop(); name !== undefined; name = names.pop()) await writer.append(name, { epoch: 0, entries: [batchOf[0]!] });
      }),
    );
    const woken = (await withDeadline(30_000, 'waking the idle waiters', Promise.all(waits))).filter(Boolean).length;
    if (woken !== IDLE_WAITERS) throw new Error(`only ${woken} of ${IDLE_WAITERS} idle waiters woke for their own append`);
    return latency;
  } finally {
    stopIdle.abort();
    await Promise.all([writer.close(), probe.close(), idle.close()]);
  }
}

async function jetStreamWakeups(js: JetStreamClient, stream: string, prefix: string): Promise<Latency> {
  // Idle subscribers: subjects nobody publishes to, on a connection of their
  // own; flush returns once the server has processed every SUB.
  const idleNc = await connect({ servers: NATS_URL });
  const probeNc = await connect({ servers: NATS_URL });
  try {
    let idleHits = 0;
    for (let i = 0; i < IDLE_WAITERS; i++) idleNc.subscribe(`${prefix}.idle.${i}`, { callback: () => (idleHits += 1) });
    await idleNc.flush();

    // The probe reads the stream (an ordered consumer), so it is woken by a
    // stored message, as the relay's waiter is by a committed append.
    const probeSubject = `${prefix}.probe`;
    let arrived: (at: number) => void = () => undefined;
    const consumer = await probeNc.jetstream().consumers.get(stream, { filterSubjects: probeSubject });
    const messages = await consumer.consume({ callback: () => arrived(performance.now()) });
    try {
      const latency = await sampleWakeups(
        async () => ({ arrived: new Promise<number>((resolve) => (arrived = resolve)) }),
        () => js.publish(probeSubject, payload()),
      );
      if (idleHits > 0) throw new Error(`${idleHits} idle subscribers received a message`);
      return latency;
    } finally {
      await messages.close();
    }
  } finally {
    await Promise.all([idleNc.close(), probeNc.close()]);
  }
}

// ---------------------------------------------------------------- main

/** Share of CPU time spent busy over one second: other work on the machine skews every figure. */
async function busyShare(): Promise<number> {
  const sample = () => {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3]! + ticks[4]! };
  };
  const before = sample();
  await sleep(1_000);
  const after = sample();
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

const median = (values: readonly number[]) => percentile(values, 0.5);

function table(relay: Throughput[], jet: Throughput[], relayWake: Latency, jetWake: Latency): string {
  const [ra, ja] = [median(relay.map((t) => t.append)), median(jet.map((t) => t.append))];
  const [rr, jr] = [median(relay.map((t) => t.readMBs)), median(jet.map((t) => t.readMBs))];
  const rows: [string, string, string, string, boolean | undefined][] = [
    ['append, entries/s (1 KiB, batches of 100)', ra.toFixed(0), ja.toFixed(0), '>= JetStream', ra >= ja],
    ['read back, MB/s of entry data', rr.toFixed(1), jr.toFixed(1), '>= 200', rr >= 200],
    [`wake-up p50, ms (${IDLE_WAITERS} idle)`, relayWake.p50.toFixed(2), jetWake.p50.toFixed(2), '', undefined],
    [`wake-up p99, ms (${IDLE_WAITERS} idle)`, relayWake.p99.toFixed(2), jetWake.p99.toFixed(2), '< 10', relayWake.p99 < 10],
  ];
  const lines = [
    ['measure', 'relay', 'JetStream', 'target', 'met'],
    ['---', '---:', '---:', '---', '---'],
    ...rows.map(([m, r, j, t, ok]) => [m, r, j, t, ok === undefined ? '' : ok ? 'yes' : 'no']),
  ];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relay-bench-'));
  const id = `${Date.now()}${randomBytes(4).toString('hex')}`;
  const stream = `RELAYBENCH_${id}`;
  const prefix = `relaybench.${id}`;
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch((error: unknown) => console.error('bench: cleanup:', error));
  };
  // Whatever stops the bench early still kills the relay and deletes what it made.
  const abandon = (why: string) => {
    console.error(`bench: ${why}, cleaning up`);
    void cleanup().finally(() => process.exit(1));
  };
  const watchdog = setTimeout(() => abandon(`over ${LIMIT_MS / 1000} s`), LIMIT_MS);
  process.once('SIGINT', () => abandon('interrupted')).once('SIGTERM', () => abandon('terminated'));
  const busyBefore = await busyShare();
  try {
    const relay = await startRelay(dir);
    cleanups.push(() => stopRelay(relay.child));
    const nc = await connect({ servers: NATS_URL });
    cleanups.push(() => nc.close());
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: stream, subjects: [`${prefix}.>`], storage: StorageType.File });
    cleanups.push(() => jsm.streams.delete(stream));
    const js = nc.jetstream();
    const client = new RelayClient(relay.url);
    cleanups.push(() => client.close());
    console.log(`relay ${relay.url} (SQLite in ${dir}); NATS server ${nc.info?.version ?? '?'} at ${NATS_URL}, stream ${stream}`);

    const relayRounds: Throughput[] = [];
    const jetRounds: Throughput[] = [];
    const show = (t: Throughput) => `${t.append.toFixed(0)} entries/s, read ${t.readMBs.toFixed(1)} MB/s`;
    for (let round = 0; round < ROUNDS; round++) {
      const runRelay = async () => relayRounds.push(await relayRound(client, round));
      const runJet = async () => jetRounds.push(await jetStreamRound(js, stream, prefix, round));
      for (const run of round % 2 === 0 ? [runRelay, runJet] : [runJet, runRelay]) await run();
      console.log(`round ${round + 1}: relay ${show(relayRounds[round]!)}; JetStream ${show(jetRounds[round]!)}`);
    }
    const showWake = (l: Latency) => `p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms, max ${l.max.toFixed(2)} ms over ${l.count} samples`;
    const relayWake = await relayWakeups(relay.url, relay.child);
    console.log(`relay wake-up: ${showWake(relayWake)}; ${IDLE_WAITERS} idle long-polls (one connection each), all woken by their own append afterwards`);
    const jetWake = await jetStreamWakeups(js, stream, prefix);
    console.log(`JetStream wake-up: ${showWake(jetWake)}; ${IDLE_WAITERS} idle core subscriptions on one connection, probe is an ordered consumer`);

    const cpu = os.cpus()[0]?.model.trim() ?? '?';
    console.log(`\n${new Date().toISOString()}: ${os.availableParallelism()} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, NATS server ${nc.info?.version ?? '?'}, CPU ${(busyBefore * 100).toFixed(0)}% busy before the start`);
    console.log(`${WRITERS} writers, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s, median of ${ROUNDS} rounds; ${SAMPLES} wake-up samples\n`);
    console.log(table(relayRounds, jetRounds, relayWake, jetWake));
    if (relay.complaints.length > 0) console.log(`\nrelay logged warnings or errors:\n${relay.complaints.join('\n')}`);
    return 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

process.exitCode = await main();
