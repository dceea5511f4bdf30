import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { runProgramProcess, testBackends } from '@quartet/common/testing';
import { CANON_TABLES } from '../../src/canon/canon-tables.ts';
import { importCanon } from '../../src/canon/import-canon.ts';
import { CanonError } from '../../src/canon/load-canon.ts';
import { SMALL_CANON } from '../http/sky-harness.ts';
import { cardsDifferingFromOracle } from './card-oracle.ts';

const quiet = () => {};

function rowsOf(db: DatabaseSync, sql: string): unknown[] {
  return db.prepare(sql).all().map((r) => ({ ...r }));
}

describe('sky import: derived tables of the hand-written canon', () => {
  let dir: string;
  let db: DatabaseSync;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sky-import-'));
    await importCanon({ dir: SMALL_CANON, databaseUrl: join(dir, 'sky.db'), progress: quiet });
    db = new DatabaseSync(join(dir, 'sky.db'), { readOnly: true });
  });
  after(async () => {
    db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps only stars of the newest layout, ranked by weight (ties by id), with brightness sqrt(weight / max)', () => {
    const stars = rowsOf(db, 'SELECT id, rank, weight, brightness FROM stars ORDER BY rank') as { id: number; rank: number; weight: number; brightness: number }[];
    assert.deepEqual(stars.map((s) => s.id), [4, 1, 6, 12, 2, 5, 11, 7, 3, 13, 14, 15, 16, 17, 18, 10, 19]);
    for (const s of stars) assert.equal(s.brightness, Math.sqrt(s.weight / 1000));
    assert.deepEqual(rowsOf(db, 'SELECT id FROM stars WHERE id IN (8, 9)'), [], 'older layout and unplaced artists are not stars');
  });

  it('derives main genre and style (most releases, then name) and uploads playlists', () => {
    assert.deepEqual(rowsOf(db, 'SELECT id, main_genre, main_style, video_uploads FROM artists WHERE id IN (1, 3, 7, 9, 10) ORDER BY id'), [
      { id: 1, main_genre: 'electronic', main_style: 'art pop', video_uploads: 'UU0101010101010101010101' },
      { id: 3, main_genre: 'electronic', main_style: 'ambient', video_uploads: 'UU0303030303030303030303' },
      { id: 7, main_genre: 'electronic', main_style: 'trip hop', video_uploads: null },
      { id: 9, main_genre: null, main_style: null, video_uploads: null },
      { id: 10, main_genre: 'pop', main_style: null, video_uploads: null },
    ]);
  });

  it('keeps newest-metric similarity as one edge per pair with the larger score, both directions', () => {
    assert.deepEqual(rowsOf(db, 'SELECT artist, other, score FROM neighbours WHERE artist IN (1, 2) ORDER BY artist, other'), [
      { artist: 1, other: 2, score: 0.9 },
      { artist: 1, other: 3, score: 0.7 },
      { artist: 1, other: 4, score: 0.5 },
      { artist: 1, other: 8, score: 0.9 },
      { artist: 1, other: 10, score: 0.2 },
      { artist: 2, other: 1, score: 0.9 },
      { artist: 2, other: 3, score: 0.4 },
    ]);
    assert.deepEqual(rowsOf(db, 'SELECT * FROM neighbours WHERE artist = 1 AND other = 12'), [], 'older metric left out');
  });

  it('collapses exact repeats', () => {
    assert.deepEqual(rowsOf(db, "SELECT count(*) AS n FROM genres WHERE artist = 1 AND name = 'electronic'"), [{ n: 1 }]);
    assert.deepEqual(rowsOf(db, "SELECT count(*) AS n FROM releases WHERE artist = 1 AND name = 'Debut'"), [{ n: 1 }]);
    assert.deepEqual(rowsOf(db, 'SELECT count(*) AS n FROM influences WHERE from_artist = 12'), [{ n: 1 }]);
  });

  it('counts label rosters and scene members among stars, and ranks them for search', () => {
    assert.deepEqual(rowsOf(db, 'SELECT id, display_name, folded, stars, search_rank FROM labels ORDER BY id'), [
      { id: 100, display_name: 'One Little Independent', folded: 'one little independent', stars: 3, search_rank: 0 },
      { id: 200, display_name: 'Warp Records', folded: 'warp records', stars: 2, search_rank: 1 },
      { id: 300, display_name: 'Wall of Sound', folded: 'wall of sound', stars: 0, search_rank: null },
      { id: 400, display_name: 'Circle Records', folded: 'circle records', stars: 1, search_rank: 2 },
    ]);
    assert.deepEqual(rowsOf(db, 'SELECT qid, stars, formed, born, search_rank FROM places ORDER BY qid'), [
      { qid: 1, stars: 3, formed: 2, born: 1, search_rank: 0 },
      { qid: 2, stars: 1, formed: 1, born: 0, search_rank: 2 },
      { qid: 3, stars: 3, formed: 2, born: 1, search_rank: 1 },
      { qid: 4, stars: 0, formed: 0, born: 0, search_rank: null },
      { qid: 5, stars: 1, formed: 0, born: 1, search_rank: 3 },
      { qid: 6, stars: 1, formed: 1, born: 0, search_rank: 4 },
      { qid: 7, stars: 0, formed: 0, born: 0, search_rank: null },
    ]);
  });

  it('computes radio memberships and sizes, and no signal candidates on a sky of under 8000 stars', () => {
    assert.deepEqual(rowsOf(db, "SELECT kind, name, artists, radio_size FROM nebulae WHERE name IN ('ambient', 'electronic', 'trip hop', 'rock', 'idm') ORDER BY kind, name"), [
      { kind: 'genre', name: 'electronic', artists: 15, radio_size: 11 },
      { kind: 'genre', name: 'rock', artists: 2, radio_size: 0 },
      { kind: 'style', name: 'ambient', artists: 9, radio_size: 8 },
      { kind: 'style', name: 'idm', artists: 1, radio_size: 0 },
      { kind: 'style', name: 'trip hop', artists: 4, radio_size: 2 },
    ]);
    const ambient = rowsOf(db, "SELECT star, odds, cumulative FROM radio_members WHERE kind = 'style' AND name = 'ambient' ORDER BY ordinal") as { star: number; odds: number; cumulative: number }[];
    assert.deepEqual(ambient.map((m) => m.star), [3, 11, 13, 14, 15, 16, 17, 18]);
    assert.equal(ambient[0]!.odds, Math.sqrt(0.1));
    assert.equal(ambient.at(-1)!.odds, Math.max(Math.sqrt(0.02), 0.05));
    assert.ok(Math.abs(ambient.at(-1)!.cumulative - ambient.reduce((sum, m) => sum + m.odds, 0)) < 1e-12);
    assert.deepEqual(rowsOf(db, 'SELECT count(*) AS n FROM signal_candidates'), [{ n: 0 }]);
  });

  it('stores every artist\'s card as the per-artist reference assembles it, and no card of a non-artist', () => {
    const { compared, differing } = cardsDifferingFromOracle(db);
    assert.equal(compared, 19);
    assert.deepEqual(differing, []);
    assert.equal((db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n, 19);
  });

  it('serves the canon in rollback-journal mode and drops the load tables', () => {
    assert.deepEqual(rowsOf(db, 'PRAGMA journal_mode'), [{ journal_mode: 'delete' }]);
    assert.deepEqual(rowsOf(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'load_%'"), []);
  });
});

describe('sky import: validation', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sky-refuse-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** Copies the small canon, appends a line to one file, imports, and returns the problems. */
  async function refused(file: string, line: string, replace = false): Promise<string[]> {
    const canon = await mkdtemp(join(dir, 'canon-'));
    await cp(SMALL_CANON, canon, { recursive: true });
    const path = join(canon, file);
    const before = replace ? '' : await readFile(path, 'utf8').catch(() => '');
    await writeFile(path, `${before}${line}\n`);
    try {
      await importCanon({ dir: canon, databaseUrl: join(dir, 'target.db'), progress: quiet });
    } catch (error) {
      if (error instanceof CanonError) return [...error.problems];
      throw error;
    }
    return [];
  }

  const cases: [string, string, string, RegExp][] = [
    ['a duplicate artist id', 'artists.jsonl', '{"id":1,"mbid":"x","name":"Again","kind":"person"}', /^artists\.jsonl:20: duplicate id 1$/],
    ['a duplicate place', 'places.jsonl', '{"qid":1,"name":"Again","country":"X"}', /^places\.jsonl:8: duplicate qid 1$/],
    ['a duplicate label', 'labels.jsonl', '{"id":100,"name":"Again"}', /^labels\.jsonl:5: duplicate id 100$/],
    ['a duplicate catalogue artist', 'catalogue_artists.jsonl', '{"catalogue_id":501,"name":"Again"}', /^catalogue_artists\.jsonl:5: duplicate catalogue_id 501$/],
    ['a second origin', 'origins.jsonl', '{"artist":1,"qid":3,"is_birth":true}', /^origins\.jsonl:11: duplicate artist 1$/],
    ['a second prose', 'prose.jsonl', '{"artist":1,"extract":"x","source_title":"t","source_url":"u","licence":"l"}', /^prose\.jsonl:2: duplicate artist 1$/],
    ['a second position in one layout', 'positions.jsonl', '{"artist":1,"layout":2,"x":0,"y":0,"weight":1}', /^positions\.jsonl:\d+: duplicate artist 1, layout 2$/],
    ['an unknown artist', 'genres.jsonl', '{"artist":404,"name":"x","is_style":false,"releases":1}', /^genres\.jsonl:\d+: field "artist" refers to artist 404, which is not in the canon$/],
    ['an unknown label', 'artist_labels.jsonl', '{"artist":1,"label":404,"releases":1,"first_year":1,"last_year":1}', /refers to label 404/],
    ['an unknown parent label', 'labels.jsonl', '{"id":500,"name":"Orphan","parent":404}', /^labels\.jsonl:5: field "parent" refers to label 404/],
    ['an unknown place', 'origins.jsonl', '{"artist":9,"qid":404,"is_birth":false}', /refers to place 404/],
    ['a missing required field', 'urls.jsonl', '{"artist":1,"url":"https://x.example"}', /missing required field "relation"/],
    ['a non-finite number', 'positions.jsonl', '{"artist":9,"layout":2,"x":1e999,"y":0,"weight":1}', /field "x" must be a finite number/],
    ['a negative weight', 'positions.jsonl', '{"artist":9,"layout":2,"x":0,"y":0,"weight":-1}', /field "weight" must be a finite number of at least 0/],
    ['a string id', 'artists.jsonl', '{"id":"20","mbid":"x","name":"x","kind":"person"}', /field "id" must be a positive integer id/],
    ['a fractional year', 'artists.jsonl', '{"id":20,"mbid":"x","name":"x","kind":"person","begin_year":1990.5}', /field "begin_year" must be an integer/],
    ['a zero release count', 'genres.jsonl', '{"artist":1,"name":"x","is_style":true,"releases":0}', /field "releases" must be an integer of at least 1/],
    ['a string boolean', 'origins.jsonl', '{"artist":9,"qid":1,"is_birth":"yes"}', /field "is_birth" must be true or false/],
    ['an unknown field', 'artists.jsonl', '{"id":20,"mbid":"x","name":"x","kind":"person","age":3}', /unknown field "age"/],
    ['a line that is not JSON', 'releases.jsonl', '{"artist":1,', /^releases\.jsonl:\d+: not valid JSON$/],
    ['a line that is an array', 'releases.jsonl', '[1,2]', /a line must be one JSON object/],
    ['a repeat with other values', 'genres.jsonl', '{"artist":1,"name":"electronic","is_style":false,"releases":11}', /a second row for artist 1, name "electronic", is_style false with other values/],
  ];
  for (const [why, file, line, message] of cases) {
    it(`refuses ${why} with file:line: reason`, async () => {
      const problems = await refused(file, line);
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, message);
    });
  }

  it('refuses a canon without artists.jsonl or positions.jsonl', async () => {
    const canon = await mkdtemp(join(dir, 'empty-'));
    await assert.rejects(importCanon({ dir: canon, databaseUrl: join(dir, 'x.db'), progress: quiet }), (e: unknown) => e instanceof CanonError && e.problems.join() === 'artists.jsonl: the file is missing,positions.jsonl: the file is missing');
  });

  it('through the command: reports, exits 1 and leaves the served canon unchanged', async () => {
    const target = join(dir, 'served.db');
    assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', target])).code, 0);
    const before = await stat(target);
    const canon = await mkdtemp(join(dir, 'broken-'));
    await cp(SMALL_CANON, canon, { recursive: true });
    await writeFile(join(canon, 'urls.jsonl'), '{"artist":1,"url":5,"relation":"x"}\n');
    const result = await runProgramProcess('sky', ['import', canon, '--database', target]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^urls\.jsonl:1: field "url" must be a string$/m);
    assert.match(result.stderr, /Nothing was changed\./);
    const after = await stat(target);
    assert.equal(after.ino, before.ino);
    assert.equal(after.mtimeMs, before.mtimeMs);
    assert.deepEqual((await readdirNames(dir)).filter((n) => n.includes('.import-')), [], 'no staging file left behind');
    const missing = await runProgramProcess('sky', ['import', join(dir, 'nope'), '--database', target]);
    assert.equal(missing.code, 1);
  });
});

describe('sky import: staging files of a killed import', () => {
  it('are removed by the next import into the same place; those of a running import are kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-abandoned-'));
    try {
      const target = join(dir, 'sky.db');
      // pid 2^31 - 1 is above any Linux pid_max: no process has it.
      const abandoned = ['sky.db.import-2147483647-1', 'sky.db.import-2147483647-1-journal', 'sky.db.import-2147483647-1.cards-0'];
      const running = `sky.db.import-${process.ppid}-1`;
      for (const name of [...abandoned, running, 'other.db.import-2147483647-1']) await writeFile(join(dir, name), 'x');
      await importCanon({ dir: SMALL_CANON, databaseUrl: target, progress: quiet });
      assert.deepEqual((await readdirNames(dir)).sort(), ['other.db.import-2147483647-1', 'sky.db', running].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function readdirNames(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return readdir(dir);
}

const postgres = testBackends().find((b) => b.engine === 'postgres')!;

describe('sky import: PostgreSQL and SQLite give identical tables', { skip: postgres.skip }, () => {
  it('holds the same rows in every served table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-same-'));
    const database = await postgres.create();
    try {
      await importCanon({ dir: SMALL_CANON, databaseUrl: join(dir, 'sky.db'), progress: quiet });
      await importCanon({ dir: SMALL_CANON, databaseUrl: database.url, progress: quiet });
      const sqlite = new DatabaseSync(join(dir, 'sky.db'), { readOnly: true });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const schema = (await client.query<{ canon_schema: string }>('SELECT canon_schema FROM sky_canon_pointer')).rows[0]!.canon_schema;
        for (const table of CANON_TABLES) {
          if (table.name === 'sky_meta') continue;
          const order = table.primaryKey.map((c) => `"${c}"`).join(', ');
          const names = table.columns.map(([c]) => `"${c}"`).join(', ');
          const fromSqlite = sqlite.prepare(`SELECT ${names} FROM "${table.name}" ORDER BY ${order}`).all().map((r) => normalise(r, table.columns));
          const fromPostgres = (await client.query(`SELECT ${names} FROM "${schema}"."${table.name}" ORDER BY ${order}`)).rows.map((r) => normalise(r, table.columns));
          assert.deepEqual(fromPostgres, fromSqlite, table.name);
        }
      } finally {
        sqlite.close();
        await client.end();
      }
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function normalise(row: Record<string, unknown>, columns: (typeof CANON_TABLES)[number]['columns']): unknown[] {
  return columns.map(([name, type]) => {
    const v = row[name];
    if (v === null) return null;
    if (type === 'bool') return v === true || v === 1;
    if (type === 'int' || type === 'real') return Number(v);
    if (type === 'bytes') return Buffer.from(v as Uint8Array).toString('hex');
    return v;
  });
}
