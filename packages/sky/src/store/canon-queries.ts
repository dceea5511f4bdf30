import { SEARCH_LISTS } from '../canon/canon-tables.ts';
import { first, placeholders, type SqlRunner, type SqlValue } from './sql-runner.ts';

export interface StarSummary {
  readonly id: number;
  readonly name: string;
  readonly comment: string | null;
  readonly x: number;
  readonly y: number;
}

export interface GenreRow {
  readonly name: string;
  readonly is_style: boolean;
  readonly releases: number;
}

export interface Rectangle {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface RectStar extends StarSummary {
  readonly main_genre: string | null;
  readonly main_style: string | null;
}

const SUMMARY = 'id, name, comment, x, y';
const bool = (v: unknown) => v === true || v === 1;
const genreRow = (r: { name: string; is_style: unknown; releases: number }): GenreRow => ({ name: r.name, is_style: bool(r.is_style), releases: r.releases });

/**
 * Every read the API makes, in the SQL both engines share. Rules live in
 * `domain/`; these functions only fetch, in the orders the rules need.
 */
export class CanonQueries {
  readonly #db: SqlRunner;

  constructor(runner: SqlRunner) {
    this.#db = runner;
  }

  get runner(): SqlRunner {
    return this.#db;
  }

  async meta(): Promise<Map<string, string>> {
    const rows = await this.#db.all<{ key: string; value: string }>('SELECT key, value FROM sky_meta');
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  async ping(): Promise<void> {
    await this.#db.all('SELECT key FROM sky_meta WHERE key = ?', ['canon_id']);
  }

  // --- search -------------------------------------------------------------

  async searchNames(list: keyof typeof SEARCH_LISTS): Promise<string[]> {
    return (await this.#db.all<{ folded: string }>(SEARCH_LISTS[list])).map((r) => r.folded);
  }

  async searchGrams(list: string): Promise<{ gram: string; ordinals: Uint8Array }[]> {
    return this.#db.all('SELECT gram, ordinals FROM search_grams WHERE list = ?', [list]);
  }

  /** Ordinals (rank order, from 0) of names equal to the folded term. */
  async exactOrdinals(list: 'stars' | 'labels' | 'scenes', folded: string, limit: number): Promise<number[]> {
    const sql = {
      stars: 'SELECT rank - 1 AS ordinal FROM stars WHERE folded = ? ORDER BY rank LIMIT ?',
      labels: 'SELECT search_rank AS ordinal FROM labels WHERE folded = ? AND search_rank IS NOT NULL ORDER BY search_rank LIMIT ?',
      scenes: 'SELECT search_rank AS ordinal FROM places WHERE folded = ? AND search_rank IS NOT NULL ORDER BY search_rank LIMIT ?',
    }[list];
    return (await this.#db.all<{ ordinal: number }>(sql, [folded, limit])).map((r) => r.ordinal);
  }

  async starsByOrdinals(ordinals: readonly number[]): Promise<StarSummary[]> {
    if (ordinals.length === 0) return [];
    return this.#db.all(`SELECT ${SUMMARY}, rank FROM stars WHERE rank IN ${placeholders(ordinals.length)}`, ordinals.map((o) => o + 1));
  }

  async labelsBySearchRank(ranks: readonly number[]): Promise<{ id: number; name: string; artists: number; search_rank: number }[]> {
    if (ranks.length === 0) return [];
    return this.#db.all(`SELECT id, display_name AS name, stars AS artists, search_rank FROM labels WHERE search_rank IN ${placeholders(ranks.length)}`, [...ranks]);
  }

  async scenesBySearchRank(ranks: readonly number[]): Promise<{ qid: number; name: string; artists: number; search_rank: number }[]> {
    if (ranks.length === 0) return [];
    return this.#db.all(`SELECT qid, name, stars AS artists, search_rank FROM places WHERE search_rank IN ${placeholders(ranks.length)}`, [...ranks]);
  }

  // --- stars and rectangles -----------------------------------------------

  async starsById(ids: readonly number[]): Promise<StarSummary[]> {
    if (ids.length === 0) return [];
    return this.#db.all(`SELECT ${SUMMARY} FROM stars WHERE id IN ${placeholders(ids.length)}`, [...ids]);
  }

  /** Stars inside a rectangle (inclusive), most prominent first; `cellRanges` narrows the search to grid cells when given. */
  async starsInRectangle(rect: Rectangle, limit: number, cellRanges?: readonly (readonly [number, number])[]): Promise<RectStar[]> {
    const params: SqlValue[] = [rect.minX, rect.maxX, rect.minY, rect.maxY];
    let cells = '';
    if (cellRanges !== undefined) {
      if (cellRanges.length === 0) return [];
      cells = ` AND (${cellRanges.map(() => 'cell BETWEEN ? AND ?').join(' OR ')})`;
      for (const [from, to] of cellRanges) params.push(from, to);
    }
    params.push(limit);
    return this.#db.all(`SELECT ${SUMMARY}, main_genre, main_style FROM stars WHERE x BETWEEN ? AND ? AND y BETWEEN ? AND ?${cells} ORDER BY rank LIMIT ?`, params);
  }

  async cellCounts(): Promise<Map<number, number>> {
    const rows = await this.#db.all<{ cell: number; stars: number }>('SELECT cell, stars FROM sky_cells');
    return new Map(rows.map((r) => [r.cell, r.stars]));
  }

  // --- artists -------------------------------------------------------------

  /** The stored card of an artist (JSON, UTF-8). */
  async card(id: number): Promise<Uint8Array | undefined> {
    return (await first<{ body: Uint8Array }>(this.#db, 'SELECT body FROM cards WHERE artist = ?', [id]))?.body;
  }

  async artistExists(id: number): Promise<boolean> {
    return (await first(this.#db, 'SELECT id FROM artists WHERE id = ?', [id])) !== undefined;
  }

  async genres(artist: number): Promise<GenreRow[]> {
    const rows = await this.#db.all<{ name: string; is_style: unknown; releases: number }>('SELECT name, is_style, releases FROM genres WHERE artist = ?', [artist]);
    return rows.map(genreRow);
  }

  async edgeScore(a: number, b: number): Promise<number | null> {
    return (await first<{ score: number }>(this.#db, 'SELECT score FROM neighbours WHERE artist = ? AND other = ?', [a, b]))?.score ?? null;
  }

  async influencePair(a: number, b: number): Promise<{ aShapedB: boolean; bShapedA: boolean }> {
    const rows = await this.#db.all<{ from_artist: number }>(
      'SELECT from_artist FROM influences WHERE (from_artist = ? AND to_artist = ?) OR (from_artist = ? AND to_artist = ?)',
      [a, b, b, a],
    );
    return { aShapedB: rows.some((r) => r.from_artist === a), bShapedA: rows.some((r) => r.from_artist === b) };
  }

  async radioSizes(names: readonly { kind: 'genre' | 'style'; name: string }[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const n of names) {
      const row = await first<{ radio_size: number }>(this.#db, 'SELECT radio_size FROM nebulae WHERE kind = ? AND name = ?', [n.kind, n.name]);
      if (row) out.set(`${n.kind}:${n.name}`, row.radio_size);
    }
    return out;
  }

  /** Stars that are neighbours of both, with both edge scores. */
  async sharedNeighbours(a: number, b: number): Promise<{ id: number; name: string; score_a: number; score_b: number }[]> {
    return this.#db.all(
      `SELECT na.other AS id, s.name, na.score AS score_a, nb.score AS score_b
       FROM neighbours na JOIN neighbours nb ON nb.other = na.other AND nb.artist = ? JOIN stars s ON s.id = na.other
       WHERE na.artist = ?`,
      [b, a],
    );
  }

  // --- labels --------------------------------------------------------------

  async label(id: number) {
    return first<{ id: number; display_name: string; profile: string; parent: number | null; stars: number; parent_name: string | null }>(
      this.#db,
      'SELECT l.id, l.display_name, l.profile, l.parent, l.stars, p.display_name AS parent_name FROM labels l LEFT JOIN labels p ON p.id = l.parent WHERE l.id = ?',
      [id],
    );
  }

  async sublabels(id: number): Promise<{ id: number; name: string; artists: number }[]> {
    return this.#db.all('SELECT id, display_name AS name, stars AS artists FROM labels WHERE parent = ? ORDER BY stars DESC, id ASC', [id]);
  }

  async labelYears(id: number): Promise<{ year: number; count: number }[]> {
    return this.#db.all('SELECT year, count FROM label_years WHERE label = ? ORDER BY year', [id]);
  }

  async labelRosterListed(id: number, limit: number) {
    return this.#db.all<{ id: number; name: string; releases: number; first_year: number; last_year: number }>(
      'SELECT star AS id, name, releases, first_year, last_year FROM label_members WHERE label = ? ORDER BY releases DESC, star ASC LIMIT ?',
      [id, limit],
    );
  }

  /** Every star on the roster, brightest first (ties by id). */
  async labelRosterMap(id: number) {
    return this.#db.all<{ id: number; x: number; y: number; brightness: number; main_genre: string | null; main_style: string | null; qid: number | null; place: string | null }>(
      'SELECT star AS id, x, y, brightness, main_genre, main_style, qid, place FROM label_members WHERE label = ? ORDER BY rank',
      [id],
    );
  }

  /** For profile links: names of catalogue artists, and the stars mapped to them (lowest id first). */
  async catalogueArtists(ids: readonly number[]): Promise<{ names: Map<number, string>; stars: Map<number, { id: number; name: string }> }> {
    const names = new Map<number, string>();
    const stars = new Map<number, { id: number; name: string }>();
    if (ids.length === 0) return { names, stars };
    const list = placeholders(ids.length);
    for (const r of await this.#db.all<{ catalogue_id: number; name: string }>(`SELECT catalogue_id, name FROM catalogue_artists WHERE catalogue_id IN ${list}`, [...ids])) {
      names.set(r.catalogue_id, r.name);
    }
    const mapped = await this.#db.all<{ catalogue_id: number; id: number; name: string }>(
      `SELECT a.catalogue_id, s.id, s.name FROM artists a JOIN stars s ON s.id = a.id WHERE a.catalogue_id IN ${list} ORDER BY s.id`,
      [...ids],
    );
    for (const r of mapped) if (!stars.has(r.catalogue_id)) stars.set(r.catalogue_id, { id: r.id, name: r.name });
    return { names, stars };
  }

  async labelNames(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.#db.all<{ id: number; display_name: string; stars: number }>(`SELECT id, display_name, stars FROM labels WHERE id IN ${placeholders(ids.length)}`, [...ids]);
  }

  // --- scenes --------------------------------------------------------------

  async place(qid: number) {
    return first<{ qid: number; name: string; stars: number; formed: number; born: number }>(this.#db, 'SELECT qid, name, stars, formed, born FROM places WHERE qid = ?', [qid]);
  }

  async sceneMembers(qid: number) {
    return this.#db.all<{ id: number; name: string; x: number; y: number; brightness: number; is_birth: unknown; begin_year: number | null; end_year: number | null; main_genre: string | null; main_style: string | null }>(
      'SELECT star AS id, name, x, y, brightness, is_birth, begin_year, end_year, main_genre, main_style FROM scene_members WHERE qid = ? ORDER BY rank',
      [qid],
    );
  }

  async sceneLabels(qid: number, limit: number): Promise<{ id: number; name: string; artists: number }[]> {
    return this.#db.all(
      'SELECT l.id, l.display_name AS name, sl.artists FROM scene_labels sl JOIN labels l ON l.id = sl.label WHERE sl.qid = ? ORDER BY sl.artists DESC, l.id ASC LIMIT ?',
      [qid, limit],
    );
  }

  // --- radio and signal ----------------------------------------------------

  async nebula(kind: string, name: string) {
    return first<{ kind: string; name: string; radio_size: number }>(this.#db, 'SELECT kind, name, radio_size FROM nebulae WHERE kind = ? AND name = ?', [kind, name]);
  }

  async radioMembers(kind: string, name: string): Promise<{ star: number; odds: number }[]> {
    return this.#db.all('SELECT star, odds FROM radio_members WHERE kind = ? AND name = ? ORDER BY ordinal', [kind, name]);
  }

  /** The member whose cumulative odds first exceed `at` (a weighted draw). */
  async radioDraw(kind: string, name: string, at: number): Promise<number | undefined> {
    return (await first<{ star: number }>(this.#db, 'SELECT star FROM radio_members WHERE kind = ? AND name = ? AND cumulative > ? ORDER BY cumulative LIMIT 1', [kind, name, at]))?.star;
  }

  async radioTotal(kind: string, name: string): Promise<number> {
    return (await first<{ total: number }>(this.#db, 'SELECT max(cumulative) AS total FROM radio_members WHERE kind = ? AND name = ?', [kind, name]))?.total ?? 0;
  }

  async stations(ids: readonly number[]): Promise<{ id: number; name: string; x: number; y: number; uploads: string }[]> {
    if (ids.length === 0) return [];
    return this.#db.all(`SELECT id, name, x, y, video_uploads AS uploads FROM stars WHERE id IN ${placeholders(ids.length)}`, [...ids]);
  }

  async signalCandidateCount(): Promise<number> {
    return (await first<{ n: number }>(this.#db, 'SELECT count(*) AS n FROM signal_candidates'))?.n ?? 0;
  }

  async signalCandidates(ordinals: readonly number[]): Promise<{ ordinal: number; star: number }[]> {
    if (ordinals.length === 0) return [];
    return this.#db.all(`SELECT ordinal, star FROM signal_candidates WHERE ordinal IN ${placeholders(ordinals.length)}`, [...ordinals]);
  }
}
