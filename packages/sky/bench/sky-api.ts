// bench/sky-api: requests per second and latency of the sky API routes on a
// generated canon (built by bench/sky-canon; default 3,000,000 stars), each
// next to a bare route of the same server measured in the same run. Load
// comes from wrk (Debian package `wrk`) on loopback.
//
//   npm run bench:sky-api -- [--stars N] [--work DIR] [--seconds S] [--connections C]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { createServer } from 'node:net';
import { machine, sampler, table } from './common.ts';

const { values } = parseArgs({
  options: {
    stars: { type: 'string', default: '3000000' },
    work: { type: 'string', default: '/tmp/sky-bench' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
  },
});
const database = join(values.work, `sky-${values.stars}.db`);
if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(2);
}

/** Request paths for each scenario, drawn from the canon so every request asks for something real. */
function scenarios(db: DatabaseSync): Record<string, string[]> {
  const random = sampler(42);
  const count = (db.prepare('SELECT count(*) AS n FROM stars').get() as { n: number }).n;
  const byRank = db.prepare('SELECT id, folded, x, y FROM stars WHERE rank = ?');
  const anyStar = () => byRank.get(1 + Math.floor(random() * count)) as { id: number; folded: string; x: number; y: number };
  const terms = (n: number) => {
    const out: string[] = [];
    while (out.length < 500) {
      const chars = [...anyStar().folded];
      if (chars.length < n) continue;
      const at = Math.floor(random() * (chars.length - n + 1));
      const term = chars.slice(at, at + n).join('');
      if (term.trim().length === n) out.push(`/api/search?q=${encodeURIComponent(term)}`);
    }
    return out;
  };
  const many = (n: number, make: () => string) => Array.from({ length: n }, make);
  const bounds = db.prepare("SELECT value FROM sky_meta WHERE key = 'grid'").get() as { value: string };
  const grid = JSON.parse(bounds.value) as { minX: number; maxX: number; minY: number; maxY: number };
  const rect = (w: number) => {
    const s = anyStar();
    return `min_x=${s.x - w}&min_y=${s.y - w}&max_x=${s.x + w}&max_y=${s.y + w}`;
  };
  const whole = `min_x=${grid.minX}&min_y=${grid.minY}&max_x=${grid.maxX}&max_y=${grid.maxY}`;
  const top = (sql: string) => (db.prepare(sql).all() as { id: number }[]).map((r) => r.id);
  return {
    'bare route (search, 1 character)': ['/api/search?q=a'],
    'search, 2 characters': terms(2),
    'search, 3 characters': terms(3),
    'search, 6 characters': terms(6),
    'card, heavy stars (top 1000)': many(500, () => `/api/artists/${(byRank.get(1 + Math.floor(random() * 1000)) as { id: number }).id}`),
    'card, random stars': many(500, () => `/api/artists/${anyStar().id}`),
    'nearby, small rectangle': many(500, () => `/api/nearby?${rect(5)}`),
    'nearby, whole sky': [`/api/nearby?${whole}`],
    'region, small rectangle': many(500, () => `/api/region?${rect(5)}`),
    'region, whole sky': [`/api/region?${whole}`],
    'label dossier, 20 largest rosters': top('SELECT id FROM labels ORDER BY stars DESC, id LIMIT 20').map((id) => `/api/labels/${id}`),
    'scene dossier, 20 largest': top('SELECT qid AS id FROM places ORDER BY stars DESC, qid LIMIT 20').map((id) => `/api/scenes/${id}`),
    'multi-lookup of 50': many(200, () => `/api/stars?ids=${many(50, () => String(anyStar().id)).join(',')}`),
  };
}

// wrk picks paths round-robin and prints latency percentiles (µs) and throughput as JSON.
const LUA = `
local paths = {}
for line in io.lines(os.getenv("PATHS_FILE")) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = (i % #paths) + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  io.write(string.format('@@{"requests":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f,"errors":%d,"status":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))
end
`;

interface Result {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  status: number;
}

async function wrk(url: string, script: string, pathsFile: string, seconds: number): Promise<Result> {
  const child = spawn('wrk', ['-t1', `-c${values.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url], { env: { ...process.env, PATHS_FILE: pathsFile } });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const json = /@@(\{.*\})/.exec(out)?.[1];
  if (!json) throw new Error(`wrk failed:\n${out}`);
  return JSON.parse(json) as Result;
}

function rssMiB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real `sky serve` with its default logging (one JSON line per request) written to /dev/null. */
async function startSky(): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('../bin/sky.js', import.meta.url).pathname, 'serve', '--database', database, '--port', String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('sky serve exited');
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  console.log(`bench/sky-api: ${Number(values.stars).toLocaleString('en')} stars; ${machine()}; wrk -t1 -c${values.connections}, ${values.seconds} s per route\n`);
  const db = new DatabaseSync(database, { readOnly: true });
  const paths = scenarios(db);
  db.close();
  const dir = await mkdtemp(join(tmpdir(), 'sky-api-bench-'));
  const script = join(dir, 'paths.lua');
  await writeFile(script, LUA);
  const started = performance.now();
  const server = await startSky();
  console.log(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${rssMiB(server.pid).now.toFixed(0)} MiB\n`);
  try {
    // The bare route is measured first and again last; routes are compared with the faster of the two,
    // so a slow moment of the machine during one bare measurement cannot flatter the ratios.
    const results: [string, Result][] = [];
    const entries = Object.entries(paths);
    for (const [name, list] of [...entries, [`${entries[0]![0]}, again at the end`, entries[0]![1]] as const]) {
      const file = join(dir, `${results.length}.txt`);
      await writeFile(file, `${list.join('\n')}\n`);
      await wrk(server.url, script, file, 2); // warm-up
      const r = await wrk(server.url, script, file, Number(values.seconds));
      results.push([name, r]);
      console.log(`${name}: ${(r.requests / r.seconds).toFixed(0)} req/s`);
    }
    const rate = (r: Result) => r.requests / r.seconds;
    const bare = Math.max(rate(results[0]![1]), rate(results.at(-1)![1]));
    const rows: string[][] = [['route', 'req/s', 'vs bare', 'p50', 'p95', 'p99', 'errors']];
    for (const [name, r] of results) {
      rows.push([name, rate(r).toFixed(0), `${((rate(r) / bare) * 100).toFixed(0)}%`, `${(r.p50 / 1000).toFixed(2)} ms`, `${(r.p95 / 1000).toFixed(2)} ms`, `${(r.p99 / 1000).toFixed(2)} ms`, String(r.errors + r.status)]);
    }
    const rss = rssMiB(server.pid);
    console.log(`\n${table(rows)}\n`);
    console.log(`server RSS after the run: ${rss.now.toFixed(0)} MiB (peak ${rss.peak.toFixed(0)} MiB); target < 4096 MiB`);
    console.log('targets: search p95 < 20 ms; card >= 50% of the bare route; region over the whole sky p95 < 50 ms');
  } finally {
    server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
