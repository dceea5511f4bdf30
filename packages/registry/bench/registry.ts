// Registry benchmark: the registry server next to nginx serving the same
// built tree, and `registry add` next to `shadcn add` installing the same
// 20-item dependency tree, on the same machine in the same run.
//   npm run bench:registry
// Needs the Debian packages nginx and wrk (apt-get install -y nginx wrk).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeTree } from '../test/fixtures.ts';
import { SHADCN_CONSUMER, startColoursServer } from '../test/shadcn-consumer.ts';

const HERE = import.meta.dirname;
const REGISTRY_BIN = path.join(HERE, '..', 'bin', 'registry.js');
const DEMO_DIR = path.join(HERE, '..', 'demo');
const SMALL_ITEM = '/r/v0.20/utils.json';
const TREE_SIZE = 20;
const ROOT_ITEM = 'tree-01';
// One wrk thread and one server process each get one of the two cores.
const WRK = ['-t1', '-c32', '--latency'];
const WARMUP_S = 2;
const DURATION_S = 8;
const INSTALL_RUNS = 3;
const TARGET_HTTP = 0.8;
const CHILD_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------- prerequisites

/** The path of a program on PATH or in /usr/sbin (where Debian puts nginx, often off a user's PATH). */
function which(program: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(path.join(dir, program), constants.X_OK);
      return path.join(dir, program);
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

const nginxBin = which('nginx');
const wrkBin = which('wrk');
if (nginxBin === undefined || wrkBin === undefined) {
  const missing = [nginxBin ? '' : 'nginx', wrkBin ? '' : 'wrk'].filter(Boolean).join(' and ');
  console.error(`bench: ${missing} not found; install with: apt-get install -y nginx wrk`);
  process.exit(2);
}
let shadcnBin: string;
try {
  // The package exports no package.json; its main entry is also its bin.
  shadcnBin = createRequire(import.meta.url).resolve('shadcn');
} catch {
  console.error('bench: the shadcn dev dependency is missing; run npm install');
  process.exit(2);
}

// ---------------------------------------------------------------- helpers

interface Result {
  readonly code: number | null;
  readonly out: string;
  readonly ms: number;
}

/** Runs a program to its end (killed after a bound, so the bench always finishes). */
async function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Result> {
  const start = performance.now();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], timeout: CHILD_TIMEOUT_MS });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out, ms: performance.now() - start };
}

async function mustRun(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Result> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${result.code}):\n${result.out}`);
  return result;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Waits until the server answers; fails early if its process died. */
async function waitUntilUp(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before answering`);
    if (await fetch(url).then((r) => r.status > 0, () => false)) return;
    await sleep(50);
  }
  throw new Error(`${what} did not answer ${url} within 10 s`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every file under a directory (relative path → content). */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, full), await readFile(full, 'utf8'));
  }
  return found;
}

// Other benchmarks may share this 2-core machine: measure how much CPU
// processes outside this run took while timing, so a skewed figure shows.
const TICKS_PER_S = 100; // USER_HZ, 100 on Linux

/** CPU ticks (all threads) and parent of every process now. */
function processTicks(): Map<number, { ticks: number; ppid: number }> {
  const found = new Map<number, { ticks: number; ppid: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      found.set(Number(name), { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

interface CpuUse {
  /** Cores used by processes outside this bench and its children. */
  readonly others: number;
  /** CPU seconds of the server's process tree: per request, it does not depend on other load as throughput does. */
  readonly server: number;
}

/** Runs work and returns its result with the CPU used meanwhile by others and by the server whose top process is serverPid. */
async function measureCpu<T>(work: () => Promise<T>, serverPid = -1): Promise<[T, CpuUse]> {
  const before = processTicks();
  const start = performance.now();
  const result = await work();
  const after = processTicks();
  const under = (pid: number, root: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = after.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  let others = 0;
  let server = 0;
  for (const [pid, { ticks }] of after) {
    const used = ticks - (before.get(pid)?.ticks ?? ticks);
    if (under(pid, serverPid)) server += used;
    else if (!under(pid, process.pid)) others += used;
  }
  return [result, { others: others / TICKS_PER_S / ((performance.now() - start) / 1000), server: server / TICKS_PER_S }];
}

// ---------------------------------------------------------------- the tree

/**
 * The demo items plus a generated 20-item tree. Item i depends on 2i, 2i+1
 * and i+1: the root reaches all 20 and many items are reached several ways,
 * so the installers must fetch each once. No npm dependencies, so neither
 * installer runs npm install and the timing is fetching, resolving and writing.
 */
async function writeManifest(dir: string): Promise<string> {
  await cp(DEMO_DIR, dir, { recursive: true });
  const demo = JSON.parse(await readFile(path.join(DEMO_DIR, 'registry.json'), 'utf8')) as { items: unknown[] };
  const name = (i: number) => `tree-${String(i).padStart(2, '0')}`;
  const tree = [];
  for (let i = 1; i <= TREE_SIZE; i++) {
    const source = `tree/${name(i)}.ts`;
    await mkdir(path.join(dir, 'tree'), { recursive: true });
    // No comment in the file: shadcn's transform drops leading comments and the outputs are compared.
    await writeFile(path.join(dir, source), `export const tree${i} = ${i};\n`);
    tree.push({
      name: name(i),
      type: 'registry:file',
      title: `Tree item ${i}`,
      description: `Generated item ${i} of the benchmark's dependency tree.`,
      registryDependencies: [2 * i, 2 * i + 1, i + 1].filter((d) => d <= TREE_SIZE).map(name),
      files: [{ path: source, type: 'registry:lib', target: `@lib/tree/${name(i)}.ts` }],
    });
  }
  const manifest = path.join(dir, 'registry.json');
  await writeFile(manifest, JSON.stringify({ ...demo, items: [...demo.items, ...tree] }, null, 2));
  return manifest;
}

// ---------------------------------------------------------------- servers

function nginxConfig(dir: string, publicDir: string, port: number): string {
  // As root the workers would drop to "nobody" and could not read the temp dir; keep our own user.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};` : '';
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `nginx-${name}`)};`;
  return `${user}
daemon off;
# One worker against the one Node process: a like-for-like single-core comparison.
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  # The registry runs at LOG_LEVEL=warn (no line per request): nginx logs nothing either.
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  default_type application/json;
  etag on;
  # nginx closes a keep-alive connection after 1000 requests by default; the registry never does.
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${publicDir};
    # The headers the registry sends with a pinned snapshot, so both answers are the same size.
    add_header Cache-Control "public, max-age=31536000, immutable";
    add_header Access-Control-Allow-Origin "*";
  }
}
`;
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
}

/** GET answers 200 with an ETag, and 304 when that ETag is sent back; returns the ETag. */
async function checkConditional(target: Target): Promise<string> {
  const first = await fetch(target.url + SMALL_ITEM);
  const body = await first.text();
  const etag = first.headers.get('etag');
  if (first.status !== 200 || etag === null || !body.includes('"name": "utils"')) throw new Error(`${target.name}: GET ${SMALL_ITEM} answered ${first.status}, ETag ${etag}`);
  const second = await fetch(target.url + SMALL_ITEM, { headers: { 'if-none-match': etag } });
  if (second.status !== 304) throw new Error(`${target.name}: GET with If-None-Match ${etag} answered ${second.status}, not 304`);
  return etag;
}

interface WrkFigures {
  readonly requests: number;
  readonly rps: number;
  readonly avgMs: number;
  readonly p99Ms: number;
}

function toMs(text: string): number {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit ?? ''] ?? NaN);
}

async function wrk(url: string, headers: readonly string[], seconds: number): Promise<WrkFigures> {
  const { out } = await mustRun(wrkBin!, [...WRK, `-d${seconds}s`, ...headers.flatMap((h) => ['-H', h]), url]);
  // Errors or unexpected statuses would make the rate meaningless.
  if (/Non-2xx or 3xx|Socket errors/.test(out)) throw new Error(`wrk saw failed requests:\n${out}`);
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    avgMs: toMs(/Latency\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99Ms: toMs(/99%\s+(\S+)/.exec(out)?.[1] ?? ''),
  };
}

// ---------------------------------------------------------------- main

const children: ChildProcess[] = [];
let colours: Server | undefined;
const work = await mkdtemp(path.join(os.tmpdir(), 'registry-bench-'));
// Readable by nginx's worker whatever user it runs as.
await chmod(work, 0o755);
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function cleanup(): Promise<void> {
  await Promise.all(children.map(stop));
  colours?.close();
  await rm(work, { recursive: true, force: true });
}

try {
  const nginxVersion = spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: /, '');
  const cpu = os.cpus();
  console.log('Registry benchmark: npm run bench:registry');
  console.log(`machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`);
  // Anything else busy on the machine skews every figure: show it.
  console.log(`load average before the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`node ${process.version}, ${nginxVersion}, shadcn ${JSON.parse(await readFile(path.join(path.dirname(shadcnBin), '..', 'package.json'), 'utf8')).version}`);
  console.log(`wrk ${WRK.join(' ')} -d${DURATION_S}s after ${WARMUP_S} s warm-up; installs: median of ${INSTALL_RUNS}\n`);

  const registryPort = await freePort();
  const registryUrl = `http://127.0.0.1:${registryPort}`;
  const publicDir = path.join(work, 'public');
  const manifest = await writeManifest(path.join(work, 'source'));
  await mustRun(process.execPath, [REGISTRY_BIN, 'build', '--manifest', manifest, '--out', publicDir, '--base-url', registryUrl]);

  // warn: no log line per request, which would otherwise be most of the work being measured.
  const registry = spawn(process.execPath, [REGISTRY_BIN, 'serve', '--dir', publicDir, '--port', String(registryPort), '--host', '127.0.0.1'], {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(registry);
  const nginxPort = await freePort();
  await writeFile(path.join(work, 'nginx.conf'), nginxConfig(work, publicDir, nginxPort));
  // -e: even before reading the config nginx would open /var/log/nginx/error.log.
  const nginx = spawn(nginxBin, ['-c', path.join(work, 'nginx.conf'), '-p', work, '-e', path.join(work, 'nginx-error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(nginx);
  await waitUntilUp(`${registryUrl}/health`, registry, 'registry');
  await waitUntilUp(`http://127.0.0.1:${nginxPort}${SMALL_ITEM}`, nginx, 'nginx');

  // ---- HTTP: each server's own ETag, checked once before timing.
  const targets: Target[] = [
    { name: 'registry', url: registryUrl, pid: registry.pid! },
    { name: 'nginx', url: `http://127.0.0.1:${nginxPort}`, pid: nginx.pid! },
  ];
  const etags = new Map<string, string>();
  for (const target of targets) etags.set(target.name, await checkConditional(target));

  const http = new Map<string, WrkFigures & { others: number; cpuUs: number }>();
  for (const kind of ['200', '304'] as const) {
    for (const target of targets) {
      const headers = kind === '304' ? [`If-None-Match: ${etags.get(target.name)}`] : [];
      await wrk(target.url + SMALL_ITEM, headers, WARMUP_S);
      const [figures, cpu] = await measureCpu(() => wrk(target.url + SMALL_ITEM, headers, DURATION_S), target.pid);
      http.set(`${target.name} ${kind}`, { ...figures, others: cpu.others, cpuUs: (cpu.server / figures.requests) * 1e6 });
    }
  }

  // ---- Installs: a fresh consumer per run, the same root item URL for both.
  const started = await startColoursServer();
  colours = started.server;
  const coloursUrl = started.url;
  const rootUrl = `${registryUrl}/r/${ROOT_ITEM}.json`;
  // Both are whole processes started by Node 24, as a user would run them.
  const installers: Record<string, (cwd: string) => { args: string[]; env?: NodeJS.ProcessEnv }> = {
    'registry add': (cwd) => ({ args: [REGISTRY_BIN, 'add', rootUrl, '--cwd', cwd, '--no-install'] }),
    'shadcn add': () => ({ args: [shadcnBin, 'add', rootUrl, '--yes'], env: { ...process.env, REGISTRY_URL: coloursUrl } }),
  };
  const times = new Map<string, number[]>();
  const installed = new Map<string, Map<string, string>>();
  const [, { others: installOthers }] = await measureCpu(async () => {
    for (let round = 0; round < INSTALL_RUNS; round++) {
      for (const [name, command] of Object.entries(installers)) {
        const cwd = path.join(work, `consumer-${name.split(' ')[0]}-${round}`);
        await writeTree(cwd, SHADCN_CONSUMER);
        const { args, env } = command(cwd);
        const { ms } = await mustRun(process.execPath, args, { cwd, env });
        times.set(name, [...(times.get(name) ?? []), ms]);
        installed.set(name, await filesUnder(path.join(cwd, 'src', 'lib', 'tree')));
      }
      const ours = installed.get('registry add')!;
      const theirs = installed.get('shadcn add')!;
      if (ours.size !== TREE_SIZE || theirs.size !== TREE_SIZE || [...ours].some(([file, text]) => theirs.get(file) !== text)) {
        throw new Error(`the installers disagree: registry add wrote ${[...ours.keys()].sort().join(', ')}; shadcn add wrote ${[...theirs.keys()].sort().join(', ')}`);
      }
    }
  });

  // ---- Report.
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const f2 = (n: number) => n.toFixed(2);
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  console.log(row(['GET ' + SMALL_ITEM, 'registry req/s', 'nginx req/s', 'registry/nginx', 'target', 'met', 'registry avg / p99 ms', 'nginx avg / p99 ms', 'server CPU µs/req', 'other CPU']));
  console.log(row(Array(10).fill('---')));
  for (const [kind, label] of [['200', '200 (no If-None-Match)'], ['304', '304 (matching If-None-Match)']] as const) {
    const r = http.get(`registry ${kind}`)!;
    const n = http.get(`nginx ${kind}`)!;
    const ratio = r.rps / n.rps;
    console.log(row([label, f0(r.rps), f0(n.rps), `${(ratio * 100).toFixed(0)}%`, `>= ${TARGET_HTTP * 100}%`, ratio >= TARGET_HTTP ? 'yes' : 'no', `${f2(r.avgMs)} / ${f2(r.p99Ms)}`, `${f2(n.avgMs)} / ${f2(n.p99Ms)}`, `${f1(r.cpuUs)} / ${f1(n.cpuUs)}`, `${f2(r.others)} / ${f2(n.others)}`]));
  }
  const ourMedian = median(times.get('registry add')!);
  const theirMedian = median(times.get('shadcn add')!);
  console.log('');
  console.log(row([`install ${TREE_SIZE}-item tree`, 'registry add ms', 'shadcn add ms', 'registry/shadcn', 'target', 'met', 'runs registry', 'runs shadcn', 'other CPU']));
  console.log(row(Array(9).fill('---')));
  console.log(
    row([
      'median wall time',
      f0(ourMedian),
      f0(theirMedian),
      `${((ourMedian / theirMedian) * 100).toFixed(0)}%`,
      '< 100%',
      ourMedian < theirMedian ? 'yes' : 'no',
      times.get('registry add')!.map(f0).join(', '),
      times.get('shadcn add')!.map(f0).join(', '),
      f2(installOthers),
    ]),
  );
  console.log(`\nboth installers wrote the same ${TREE_SIZE} files under src/lib/tree/`);
  console.log('server CPU µs/req: CPU time of the server process(es) per answered request (registry / nginx), from /proc; 10 ms ticks');
  console.log('other CPU: cores used by processes outside this benchmark while timing (registry / nginx); above 0.10 the figures are skewed by other load');
  const busiest = Math.max(installOthers, ...[...http.values()].map((h) => h.others));
  if (busiest > 0.1) console.log(`WARNING: other processes used up to ${f2(busiest)} cores during timing; rerun on a quiet machine`);
} finally {
  await cleanup();
}
