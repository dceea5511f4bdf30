import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { generateCanon, type GenerateSummary } from '../../src/generate/generate-canon.ts';
import { SkyHarness } from '../http/sky-harness.ts';
import { cardsDifferingFromOracle } from './card-oracle.ts';

const STARS = 9_000;

describe('generated canon round trip', () => {
  let dir: string;
  let summary: GenerateSummary;
  let sky: SkyHarness;
  let db: DatabaseSync;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sky-roundtrip-'));
    summary = await generateCanon({ stars: STARS, out: join(dir, 'canon'), seed: 5 });
    const database = { url: join(dir, 'sky.db'), drop: async () => {} };
    sky = await SkyHarness.start(database, join(dir, 'canon'));
    db = new DatabaseSync(database.url, { readOnly: true });
  });
  after(async () => {
    db?.close();
    await sky?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports every artist and exactly the generated stars', () => {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    assert.equal(count('SELECT count(*) AS n FROM stars'), STARS);
    assert.equal(count('SELECT count(*) AS n FROM artists'), summary.artists);
    assert.equal(count('SELECT count(*) AS n FROM labels'), summary.labels);
    assert.equal(count('SELECT count(*) AS n FROM places'), summary.places);
    assert.ok(count('SELECT count(*) AS n FROM signal_candidates') > 0, 'faint playable stars beyond the 8000 heaviest');
  });

  it('stores every card as the per-artist reference assembles it (cards built in several threads and batches)', () => {
    const { compared, differing } = cardsDifferingFromOracle(db);
    assert.equal(compared, summary.artists);
    assert.deepEqual(differing, []);
  });

  it('leaves no part file of the card build next to the canon', async () => {
    assert.deepEqual((await readdir(dir)).filter((name) => name.includes('.import-')), []);
  });

  it('keeps names, including non-Latin ones, as written', async () => {
    const lines = (await readFile(join(dir, 'canon', 'artists.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { id: number; name: string });
    const sample = lines.filter((_, i) => i % 97 === 0);
    for (const artist of sample) {
      assert.equal((db.prepare('SELECT name FROM artists WHERE id = ?').get(artist.id) as { name: string }).name, artist.name);
    }
  });

  it('answers the daily signal: five faint playable stars, the same on every call, other days differ', async () => {
    const day = await sky.get('/api/signal?day=2026-11-22');
    const body = day.body as { day: string; stars: { id: number; uploads: string }[] };
    assert.equal(body.stars.length, 5);
    for (const s of body.stars) {
      const row = db.prepare('SELECT rank, video_uploads FROM stars WHERE id = ?').get(s.id) as { rank: number; video_uploads: string };
      assert.ok(row.rank > 8000);
      assert.equal(s.uploads, row.video_uploads);
    }
    assert.equal((await sky.get('/api/signal?day=2026-11-22')).text, day.text);
    const firsts = new Set<number>();
    for (const d of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']) firsts.add(((await sky.get(`/api/signal?day=${d}`)).body as { stars: { id: number }[] }).stars[0]!.id);
    assert.ok(firsts.size > 1);
  });

  it('finds a star by a piece of its name, and answers its card', async () => {
    const { id, name } = db.prepare('SELECT id, name FROM stars WHERE rank = 1').get() as { id: number; name: string };
    const search = (await sky.get(`/api/search?q=${encodeURIComponent(name)}`)).body as { stars: { id: number }[] };
    assert.equal(search.stars[0]!.id, id);
    const card = await sky.get(`/api/artists/${id}`);
    assert.equal(card.status, 200);
    assert.equal((card.body as { name: string }).name, name);
  });
});
