import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { fold, withoutNamesakeNumber } from '../domain/fold.ts';
import { uploadsPlaylist } from '../domain/links.ts';
import { GRID_SIZE, gridOf, type Grid } from '../domain/grid.ts';
import { buildGramIndex } from '../search/gram-index.ts';
import { CANON_FILES } from './canon-format.ts';
import { CANON_FORMAT, CANON_TABLES, indexDdl, SEARCH_LISTS, tableDdl } from './canon-tables.ts';

function scalar(db: DatabaseSync, sql: string): number | null {
  const row = db.prepare(sql).get() as Record<string, number | null> | undefined;
  return row ? (Object.values(row)[0] ?? null) : null;
}

/** What the second step of the derivation writes to `sky_meta`. */
export interface CanonShape {
  readonly layout: number | null;
  readonly metric: number | null;
  readonly grid: Grid;
  readonly maxWeight: number;
  readonly stars: number;
}

/**
 * Builds the served tables from the load tables inside the staging SQLite
 * database: stars of the newest layout with ranks, brightness and grid cells,
 * main genre and style, uploads playlists, newest-metric neighbours, roster
 * and member counts, radios and signal candidates. Everything the cards
 * read is there when it returns (see `finishCanon` for the rest).
 */
export function deriveTables(db: DatabaseSync, progress: (message: string) => void): CanonShape {
  db.function('fold', { deterministic: true }, (text) => fold(String(text)));
  db.function('without_namesake', { deterministic: true }, (text) => withoutNamesakeNumber(String(text)));
  db.function('uploads_of', { deterministic: true }, (url) => uploadsPlaylist(String(url)) ?? null);
  const loaded = new Set(CANON_FILES.map((f) => f.table));
  for (const table of CANON_TABLES) if (!loaded.has(table.name)) for (const ddl of tableDdl(table, 'sqlite')) db.exec(ddl);

  const layout = scalar(db, 'SELECT max(layout) FROM load_positions');
  const metric = scalar(db, 'SELECT max(metric) FROM load_similarity');
  const bounds = db.prepare('SELECT min(x) AS min_x, max(x) AS max_x, min(y) AS min_y, max(y) AS max_y, max(weight) AS max_weight, count(*) AS n FROM load_positions WHERE layout = ?').get(layout) as Record<string, number | null>;
  const grid = gridOf(bounds.min_x ?? 0, bounds.max_x ?? 0, bounds.min_y ?? 0, bounds.max_y ?? 0);
  const maxWeight = bounds.max_weight ?? 0;
  db.function('cell_of', { deterministic: true }, (x, y) => grid.cellOf(Number(x), Number(y)));

  progress('deriving artists');
  db.exec(`
    CREATE TEMP TABLE main_nebula AS
      SELECT artist, is_style, name FROM (
        SELECT artist, is_style, name, row_number() OVER (PARTITION BY artist, is_style ORDER BY releases DESC, name ASC) AS r FROM genres
      ) WHERE r = 1;
    CREATE INDEX temp.main_nebula_artist ON main_nebula (artist, is_style);
    CREATE TEMP TABLE uploads AS
      SELECT artist, uploads_of(url) AS playlist, min(url) AS url FROM urls
      WHERE url LIKE '%youtube.com/channel/UC%' AND uploads_of(url) IS NOT NULL GROUP BY artist;
    CREATE INDEX temp.uploads_artist ON uploads (artist);
    INSERT INTO artists
      SELECT a.id, a.mbid, a.name, a.comment, a.kind, a.area, a.begin_year, a.end_year, a.catalogue_id, g.name, s.name, u.playlist
      FROM load_artists a
      LEFT JOIN main_nebula g ON g.artist = a.id AND g.is_style = 0
      LEFT JOIN main_nebula s ON s.artist = a.id AND s.is_style = 1
      LEFT JOIN uploads u ON u.artist = a.id
      ORDER BY a.id;
  `);

  progress('deriving stars');
  db.prepare(`
    INSERT INTO stars
      SELECT p.artist, a.name, a.comment, fold(a.name), p.x, p.y, p.weight,
        row_number() OVER (ORDER BY p.weight DESC, p.artist ASC),
        CASE WHEN ? > 0 THEN sqrt(p.weight / ?) ELSE 0 END,
        cell_of(p.x, p.y), a.main_genre, a.main_style, a.video_uploads
      FROM load_positions p JOIN artists a ON a.id = p.artist
      WHERE p.layout = ?
      ORDER BY p.artist
  `).run(maxWeight, maxWeight, layout);

  progress('deriving relations');
  db.exec(`
    CREATE TEMP TABLE edges AS
      SELECT min(a, b) AS lo, max(a, b) AS hi, max(score) AS score FROM load_similarity
      WHERE metric = ${metric ?? 0} AND a <> b GROUP BY 1, 2;
    INSERT INTO neighbours SELECT * FROM (SELECT lo, hi, score FROM edges UNION ALL SELECT hi, lo, score FROM edges) ORDER BY 1, 2;
  `);

  progress('deriving labels, scenes and radios');
  db.exec(`
    INSERT INTO places
      SELECT p.qid, p.name, p.country, fold(p.name), coalesce(c.stars, 0), coalesce(c.formed, 0), coalesce(c.born, 0), NULL
      FROM load_places p LEFT JOIN (
        SELECT o.qid, count(*) AS stars, sum(o.is_birth = 0) AS formed, sum(o.is_birth = 1) AS born
        FROM origins o JOIN stars s ON s.id = o.artist GROUP BY o.qid
      ) c ON c.qid = p.qid ORDER BY p.qid;
    UPDATE places SET search_rank = r.rank FROM (
      SELECT qid, row_number() OVER (ORDER BY stars DESC, qid ASC) - 1 AS rank FROM places WHERE stars > 0
    ) r WHERE r.qid = places.qid;
    INSERT INTO labels
      SELECT l.id, l.name, without_namesake(l.name), fold(without_namesake(l.name)), coalesce(l.profile, ''), l.parent, coalesce(c.stars, 0), NULL
      FROM load_labels l LEFT JOIN (
        SELECT al.label, count(*) AS stars FROM artist_labels al JOIN stars s ON s.id = al.artist GROUP BY al.label
      ) c ON c.label = l.id ORDER BY l.id;
    UPDATE labels SET search_rank = r.rank FROM (
      SELECT id, row_number() OVER (ORDER BY stars DESC, id ASC) - 1 AS rank FROM labels WHERE stars > 0
    ) r WHERE r.id = labels.id;
    INSERT INTO label_members
      SELECT al.label, s.rank, s.id, s.name, al.releases, al.first_year, al.last_year, s.x, s.y, s.brightness, s.main_genre, s.main_style, o.qid, p.name
      FROM artist_labels al JOIN stars s ON s.id = al.artist LEFT JOIN origins o ON o.artist = s.id LEFT JOIN places p ON p.qid = o.qid
      ORDER BY al.label, s.rank;
    INSERT INTO scene_members
      SELECT o.qid, s.rank, s.id, s.name, o.is_birth, a.begin_year, a.end_year, s.x, s.y, s.brightness, s.main_genre, s.main_style
      FROM origins o JOIN stars s ON s.id = o.artist JOIN artists a ON a.id = s.id
      ORDER BY o.qid, s.rank;
    INSERT INTO scene_labels
      SELECT m.qid, al.label, count(*) FROM scene_members m JOIN artist_labels al ON al.artist = m.star GROUP BY m.qid, al.label ORDER BY 1, 2;
    INSERT INTO nebulae
      SELECT CASE is_style WHEN 1 THEN 'style' ELSE 'genre' END, name, count(*), 0 FROM genres GROUP BY is_style, name ORDER BY 1, 2;
    INSERT INTO radio_members
      SELECT kind, name, row_number() OVER (PARTITION BY kind, name ORDER BY id) - 1, id, odds,
        sum(odds) OVER (PARTITION BY kind, name ORDER BY id ROWS UNBOUNDED PRECEDING)
      FROM (
        SELECT 'genre' AS kind, main_genre AS name, id, max(brightness, 0.05) AS odds FROM stars WHERE video_uploads IS NOT NULL AND main_genre IS NOT NULL
        UNION ALL
        SELECT 'style', main_style, id, max(brightness, 0.05) FROM stars WHERE video_uploads IS NOT NULL AND main_style IS NOT NULL
      ) ORDER BY 1, 2, 3;
    UPDATE nebulae SET radio_size = r.n FROM (SELECT kind, name, count(*) AS n FROM radio_members GROUP BY kind, name) r
      WHERE r.kind = nebulae.kind AND r.name = nebulae.name;
    INSERT INTO signal_candidates SELECT row_number() OVER (ORDER BY id) - 1, id FROM stars WHERE rank > 8000 AND video_uploads IS NOT NULL ORDER BY id;
    INSERT INTO sky_cells SELECT cell, count(*) FROM stars GROUP BY cell ORDER BY cell;
  `);
  return { layout, metric, grid, maxWeight, stars: bounds.n ?? 0 };
}

/** The search postings, `sky_meta`, and the indexes, once the load tables are dropped. */
export function finishCanon(db: DatabaseSync, shape: CanonShape, progress: (message: string) => void): void {
  progress('building the search index');
  buildSearchGrams(db);
  writeMeta(db, shape);

  progress('creating indexes');
  for (const { table } of CANON_FILES) if (table.startsWith('load_')) db.exec(`DROP TABLE "${table}"`);
  for (const table of CANON_TABLES) for (const ddl of indexDdl(table)) db.exec(ddl);
  db.exec('ANALYZE');
}

function buildSearchGrams(db: DatabaseSync): void {
  const insert = db.prepare('INSERT INTO search_grams (list, gram, ordinals) VALUES (?, ?, ?)');
  for (const [list, sql] of Object.entries(SEARCH_LISTS)) {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    const names = (statement.all() as unknown as [string][]).map((r) => r[0]);
    const index = buildGramIndex(names);
    const grams = [...index.postings.keys()].sort();
    for (const gram of grams) {
      const postings = index.postings.get(gram)!;
      insert.run(list, gram, new Uint8Array(postings.buffer, postings.byteOffset, postings.byteLength));
    }
  }
}

function writeMeta(db: DatabaseSync, meta: CanonShape): void {
  const insert = db.prepare('INSERT INTO sky_meta (key, value) VALUES (?, ?)');
  const values: Record<string, string> = {
    canon_id: randomUUID(),
    format: String(CANON_FORMAT),
    imported_at: new Date().toISOString(),
    layout: String(meta.layout ?? ''),
    metric: String(meta.metric ?? ''),
    grid: JSON.stringify({ minX: meta.grid.minX, maxX: meta.grid.maxX, minY: meta.grid.minY, maxY: meta.grid.maxY, size: GRID_SIZE }),
    max_weight: String(meta.maxWeight),
    stars: String(meta.stars),
  };
  for (const [key, value] of Object.entries(values)) insert.run(key, value);
}
