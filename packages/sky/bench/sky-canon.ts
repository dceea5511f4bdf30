// bench/sky-canon: generate and import a canon of N stars (default 3,000,000),
// then time substring search over the imported names for 2-, 3- and
// 6-character terms, next to PostgreSQL pg_trgm (GIN) answering the same
// queries over the same names in the same run.
//
//   npm run bench:sky-canon -- [--stars N] [--work DIR] [--reuse] [--postgres URL]
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { search } from '../src/answers/search.ts';
import { fold } from '../src/domain/fold.ts';
import { SqliteCanonSource } from '../src/store/canon-source.ts';
import { machine, measureSky, percentile, sampler, table } from './common.ts';

const { values } = parseArgs({
  options: {
    stars: { type: 'string', default: '3000000' },
    work: { type: 'string', default: '/tmp/sky-bench' },
    reuse: { type: 'boolean', default: false },
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    terms: { type: 'string', default: '300' },
  },
});
const stars = Number(values.stars);
const canonDir = join(values.work, `canon-${stars}`);
const database = join(values.work, `sky-${stars}.db`);
const TERM_LENGTHS = [2, 3, 6] as const;
const TERMS = Number(values.terms);

async function buildCanon(): Promise<string[][]> {
  await mkdir(values.work, { recursive: true });
  const rows: string[][] = [];
  if (values.reuse && existsSync(join(canonDir, 'artists.jsonl'))) {
    rows.push(['generate', 'reused', '', '']);
  } else {
    await rm(canonDir, { recursive: true, force: true });
    const g = await measureSky(['generate', '--stars', String(stars), '--out', canonDir, '--seed', '1']);
    rows.push(['generate', `${g.seconds.toFixed(1)} s`, `${g.maxRssMiB.toFixed(0)} MiB`, '']);
  }
  if (values.reuse && existsSync(database)) {
    rows.push(['import (SQLite)', 'reused', '', `${((await stat(database)).size / 2 ** 30).toFixed(2)} GiB`]);
  } else {
    const i = await measureSky(['import', canonDir, '--database', database]);
    rows.push(['import (SQLite)', `${i.seconds.toFixed(1)} s`, `${i.maxRssMiB.toFixed(0)} MiB`, `${((await stat(database)).size / 2 ** 30).toFixed(2)} GiB`]);
  }
  return rows;
}

/** Terms cut from the imported names: a random star, a random substring of its folded name. */
function sampleTerms(db: DatabaseSync, length: number): string[] {
  const random = sampler(length * 7919);
  const count = (db.prepare('SELECT count(*) AS n FROM stars').get() as { n: number }).n;
  const byRank = db.prepare('SELECT folded FROM stars WHERE rank = ?');
  const terms: string[] = [];
  while (terms.length < TERMS) {
    const chars = [...(byRank.get(1 + Math.floor(random() * count)) as { folded: string }).folded];
    if (chars.length < length) continue;
    const at = Math.floor(random() * (chars.length - length + 1));
    const term = chars.slice(at, at + length).join('');
    if (term.trim().length === length) terms.push(term);
  }
  return terms;
}

async function timeEach(terms: readonly string[], run: (term: string) => Promise<unknown>): Promise<number[]> {
  for (const term of terms.slice(0, 20)) await run(term); // warm-up
  const times: number[] = [];
  for (const term of terms) {
    const started = performance.now();
    await run(term);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** The same names in PostgreSQL with a pg_trgm GIN index, in a schema of their own. */
async function loadPostgres(db: DatabaseSync): Promise<{ client: pg.Client; schema: string; seconds: number }> {
  const client = new pg.Client({ connectionString: values.postgres });
  await client.connect();
  const schema = `bench_trgm_${process.pid}`;
  const started = performance.now();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`CREATE TABLE ${schema}.names (id bigint PRIMARY KEY, folded text NOT NULL, weight double precision NOT NULL)`);
  const select = db.prepare('SELECT id, folded, weight FROM stars');
  let batch: [number[], string[], number[]] = [[], [], []];
  const flush = async () => {
    if (batch[0].length > 0) await client.query(`INSERT INTO ${schema}.names SELECT * FROM unnest($1::bigint[], $2::text[], $3::float8[])`, batch);
    batch = [[], [], []];
  };
  for (const row of select.iterate() as Iterable<{ id: number; folded: string; weight: number }>) {
    batch[0].push(row.id);
    batch[1].push(row.folded);
    batch[2].push(row.weight);
    if (batch[0].length === 20_000) await flush();
  }
  await flush();
  await client.query(`CREATE INDEX names_trgm ON ${schema}.names USING gin (folded gin_trgm_ops)`);
  await client.query(`ANALYZE ${schema}.names`);
  return { client, schema, seconds: (performance.now() - started) / 1000 };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main(): Promise<void> {
  console.log(`bench/sky-canon: ${stars.toLocaleString('en')} stars; ${machine()}\n`);
  const buildRows = await buildCanon();
  console.log(`\n${table([['step', 'wall time', 'peak RSS', 'database size'], ...buildRows])}\n`);

  const db = new DatabaseSync(database, { readOnly: true });
  const terms = Object.fromEntries(TERM_LENGTHS.map((n) => [n, sampleTerms(db, n)])) as Record<number, string[]>;
  const source = new SqliteCanonSource(database, pino({ level: 'warn' }));
  const loadStarted = performance.now();
  await source.start();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const canon = source.current()!;
  const { client, schema, seconds: pgSeconds } = await loadPostgres(db);

  const rows: string[][] = [['term', 'ours p50', 'ours p95', 'ours p99', 'pg_trgm p50', 'pg_trgm p95', 'pg_trgm p99', 'target p95 < 20 ms and ahead']];
  for (const n of TERM_LENGTHS) {
    const ours = await timeEach(terms[n]!, (term) => search(canon, term));
    const theirs = await timeEach(terms[n]!, (term) =>
      client.query(`SELECT id FROM ${schema}.names WHERE folded LIKE '%' || $1 || '%' ORDER BY weight DESC, id LIMIT 20`, [fold(term).replace(/[\\%_]/g, '\\$&')]),
    );
    const met = percentile(ours, 95) < 20 && percentile(ours, 95) < percentile(theirs, 95) ? 'met' : 'NOT met';
    rows.push([`${n} characters`, ms(percentile(ours, 50)), ms(percentile(ours, 95)), ms(percentile(ours, 99)), ms(percentile(theirs, 50)), ms(percentile(theirs, 95)), ms(percentile(theirs, 99)), met]);
  }
  console.log(`search over ${TERMS} terms per length, cut from imported names (ours: the whole search answer, 20 stars + 10 labels + 10 scenes; pg_trgm: 20 star ids)`);
  console.log(`search index load at server start: ${loadSeconds.toFixed(1)} s; PostgreSQL load + GIN index: ${pgSeconds.toFixed(1)} s`);
  console.log(`\n${table(rows)}\n`);

  await client.query(`DROP SCHEMA ${schema} CASCADE`);
  await client.end();
  await source.close();
  db.close();
}

await main();
