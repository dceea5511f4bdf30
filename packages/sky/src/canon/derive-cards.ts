import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { CardPart } from './card-worker.ts';
import { renderCard, type CardArtist } from '../domain/card.ts';
import type { LabelRow, ReleaseRow, ScoredStar } from '../domain/card-order.ts';
import type { UrlRow } from '../domain/listen.ts';
import type { GenreRow } from '../domain/nebula-shares.ts';

// Each thread holds every star name and genre row in memory (about 2 GB with its page cache at 3 million stars).
const MAX_THREADS = 4;

/**
 * The build of the `cards` table of a staging canon whose derived tables
 * are committed: the artists are cut into one range per core, each built by
 * a worker thread into a part file. The import goes on meanwhile (the
 * staging file is in WAL mode, so its writes do not block these readers),
 * then appends the parts in id order.
 */
export class CardBuild {
  readonly #parts: CardPart[];
  readonly #workers: Worker[] = [];
  readonly #built: Promise<unknown>;

  constructor(staging: string, artists: number, progress: (message: string) => void) {
    const threads = Math.max(1, Math.min(availableParallelism(), MAX_THREADS, Math.ceil(artists / BATCH)));
    this.#parts = Array.from({ length: threads }, (_, i) => ({
      staging,
      part: `${staging}.cards-${i}`,
      from: Math.floor((artists * i) / threads),
      to: Math.floor((artists * (i + 1)) / threads),
    }));
    let built = 0;
    let reported = 0;
    const report = (count: number) => {
      built += count;
      if (built - reported < artists / 10 && built < artists) return;
      reported = built;
      progress(`cards: ${built} of ${artists}`);
    };
    this.#built = Promise.all(this.#parts.map((part) => this.#buildPart(part, report)));
    // Awaited in appendTo; a failure meanwhile must not count as unhandled.
    this.#built.catch(() => {});
  }

  #buildPart(part: CardPart, report: (count: number) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./card-worker.ts', import.meta.url), { workerData: part });
      this.#workers.push(worker);
      worker.on('message', report);
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a card builder thread stopped with code ${code}`))));
    });
  }

  /** Resolves when every part is built and its thread has let go of the staging file. */
  async finished(): Promise<void> {
    await this.#built;
  }

  /** Appends the finished parts to `cards`, then removes them. */
  async appendTo(db: DatabaseSync): Promise<void> {
    try {
      this.#parts.forEach((part, i) => db.prepare(`ATTACH DATABASE ? AS part${i}`).run(part.part));
      db.exec('BEGIN');
      for (let i = 0; i < this.#parts.length; i++) db.exec(`INSERT INTO cards SELECT * FROM part${i}.cards`);
      db.exec('COMMIT');
      for (let i = 0; i < this.#parts.length; i++) db.exec(`DETACH DATABASE part${i}`);
    } finally {
      await this.abort();
    }
  }

  /** Stops the threads and removes the part files. */
  async abort(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
    for (const part of this.#parts) rmSync(part.part, { force: true });
  }
}

/**
 * Every artist's card, built at import and stored ready to serve: a card
 * reads a dozen relations, which as separate queries cost a request about
 * 150 µs on a 3-million-star canon, and as one row costs a few.
 *
 * Built set-wise: each relation is read in artist order, a batch of
 * artists at a time, and merged by artist id; what a card needs about other
 * artists (star names and weights, neighbours' genres) is looked up in
 * memory. The card itself is `renderCard`, whatever the source of the facts.
 * `card-worker.ts` runs this on a part of the artists in each thread.
 */
export function cardsOfRange(db: DatabaseSync, range: { from: number; to: number }, write: (artist: number, body: string) => void, done: (artists: number) => void): void {
  const artists = new ArtistIndex(db);
  const genres = new GenreStore(db, artists);
  const radioSizes = new Map(
    (db.prepare('SELECT kind, name, radio_size FROM nebulae').all() as { kind: string; name: string; radio_size: number }[]).map((r) => [`${r.kind}:${r.name}`, r.radio_size]),
  );
  const { shapedBy, shaped } = influenceLists(db);
  const artistRows = new RowsByArtist(db.prepare(`${ARTIST_ROWS} WHERE a.id BETWEEN ? AND ? ORDER BY a.id`));
  const neighbours = new RowsByArtist(db.prepare('SELECT artist, other, score FROM neighbours WHERE artist BETWEEN ? AND ? ORDER BY artist, other'));
  const labels = new RowsByArtist(
    db.prepare(
      'SELECT al.artist, al.label, l.display_name, al.releases, al.first_year, al.last_year FROM artist_labels al JOIN labels l ON l.id = al.label WHERE al.artist BETWEEN ? AND ? ORDER BY al.artist, al.label',
    ),
  );
  const releases = new RowsByArtist(db.prepare('SELECT artist, name, primary_type, year FROM releases WHERE artist BETWEEN ? AND ? ORDER BY artist, name, primary_type, year'));
  const urls = new RowsByArtist(db.prepare('SELECT artist, url, relation FROM urls WHERE artist BETWEEN ? AND ? ORDER BY artist, url, relation'));

  // Card lists hold stars only: an id that is not a star is left out. Influences are scored by the star's weight.
  const star = (id: number, score?: number): ScoredStar[] => {
    const index = artists.indexOf(id);
    const name = artists.starName(index);
    return name === undefined ? [] : [{ id, name, score: score ?? artists.starWeight(index) }];
  };
  const radioSize = (kind: string, name: string) => radioSizes.get(`${kind}:${name}`) ?? 0;

  for (let batch = range.from; batch < range.to; batch += BATCH) {
    const first = artists.idAt(batch);
    const last = artists.idAt(Math.min(batch + BATCH, range.to) - 1);
    for (const rows of [artistRows, neighbours, labels, releases, urls]) rows.load(first, last);
    for (const row of artistRows.all()) {
      const artist = cardArtist(row);
      const id = artist.id;
      const card = renderCard({
        artist,
        genres: genres.of(id),
        similar: neighbours.take(id).flatMap(([, other, score]) => star(other as number, score as number)),
        neighbourGenres: (other) => genres.of(other),
        shapedBy: (shapedBy.get(id) ?? []).flatMap((other) => star(other)),
        shaped: (shaped.get(id) ?? []).flatMap((other) => star(other)),
        labels: labels.take(id).map(([, label, name, count, from, to]): LabelRow => ({ id: label as number, name: name as string, releases: count as number, first_year: from as number, last_year: to as number })),
        releases: releases.take(id).map(([, name, type, year]): ReleaseRow => ({ name: name as string, primary_type: type as string, year: year as number })),
        urls: urls.take(id).map(([, url, relation]): UrlRow => ({ url: url as string, relation: relation as string })),
        radioSize,
      });
      write(id, JSON.stringify(card));
    }
    done(Math.min(batch + BATCH, range.to) - batch);
  }
}

/** Artists read per batch of each relation: big enough to amortize a statement, small enough to keep in memory. */
const BATCH = 2048;

// The card's artist fields and where each comes from.
const ARTIST_FIELDS: Readonly<Record<keyof CardArtist, string>> = {
  id: 'a.id',
  mbid: 'a.mbid',
  name: 'a.name',
  comment: 'a.comment',
  kind: 'a.kind',
  area: 'a.area',
  begin_year: 'a.begin_year',
  end_year: 'a.end_year',
  main_genre: 'a.main_genre',
  main_style: 'a.main_style',
  video_uploads: 'a.video_uploads',
  x: 's.x',
  y: 's.y',
  weight: 's.weight',
  place: 'p.name',
  qid: 'o.qid',
  country: 'p.country',
  is_birth: 'o.is_birth',
  inception_year: 'o.inception_year',
  extract: 'r.extract',
  source_title: 'r.source_title',
  source_url: 'r.source_url',
  licence: 'r.licence',
};
const FIELD_NAMES = Object.keys(ARTIST_FIELDS) as (keyof CardArtist)[];

const ARTIST_ROWS = `
  SELECT ${Object.values(ARTIST_FIELDS).join(', ')}
  FROM artists a
  LEFT JOIN stars s ON s.id = a.id
  LEFT JOIN origins o ON o.artist = a.id
  LEFT JOIN places p ON p.qid = o.qid
  LEFT JOIN prose r ON r.artist = a.id`;

// Rows are read as arrays (half the cost of objects in node:sqlite) and named here.
function cardArtist(row: unknown[]): CardArtist {
  const artist: Record<string, unknown> = {};
  FIELD_NAMES.forEach((field, i) => (artist[field] = row[i]));
  artist.is_birth = artist.is_birth === null ? null : artist.is_birth === 1;
  return artist as unknown as CardArtist;
}

/** One statement's rows for a range of artists (its first column), handed out artist by artist in ascending order. */
class RowsByArtist {
  readonly #statement: StatementSync;
  #rows: unknown[][] = [];
  #at = 0;

  constructor(statement: StatementSync) {
    statement.setReturnArrays(true);
    this.#statement = statement;
  }

  load(first: number, last: number): void {
    this.#rows = this.#statement.all(first, last) as unknown as unknown[][];
    this.#at = 0;
  }

  all(): unknown[][] {
    return this.#rows;
  }

  /** The rows of `artist`; rows of smaller ids not taken before are passed over. */
  take(artist: number): unknown[][] {
    const rows: unknown[][] = [];
    while (this.#at < this.#rows.length && (this.#rows[this.#at]![0] as number) <= artist) {
      const row = this.#rows[this.#at++]!;
      if (row[0] === artist) rows.push(row);
    }
    return rows;
  }
}

/** Artist ids in ascending order, with the name and weight of those that are stars, by position in that order. */
class ArtistIndex {
  readonly #ids: Float64Array;
  readonly #names: (string | undefined)[];
  readonly #weights: Float64Array;

  constructor(db: DatabaseSync) {
    const statement = db.prepare('SELECT a.id, s.name, s.weight FROM artists a LEFT JOIN stars s ON s.id = a.id ORDER BY a.id');
    statement.setReturnArrays(true);
    const rows = statement.all() as unknown as [number, string | null, number | null][];
    this.#ids = new Float64Array(rows.length);
    this.#names = new Array<string | undefined>(rows.length);
    this.#weights = new Float64Array(rows.length);
    rows.forEach(([id, name, weight], i) => {
      this.#ids[i] = id;
      this.#names[i] = name ?? undefined;
      this.#weights[i] = weight ?? 0;
    });
  }

  get size(): number {
    return this.#ids.length;
  }

  idAt(index: number): number {
    return this.#ids[index]!;
  }

  /** Position of an artist id, -1 when it is not an artist. */
  indexOf(id: number): number {
    let low = 0;
    let high = this.#ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.#ids[middle]!;
      if (value === id) return middle;
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  starName(index: number): string | undefined {
    return index < 0 ? undefined : this.#names[index];
  }

  starWeight(index: number): number {
    return this.#weights[index]!;
  }
}

/** Every artist's genre rows, packed: the card needs its own and every neighbour's. */
class GenreStore {
  readonly #artists: ArtistIndex;
  readonly #start: Uint32Array;
  readonly #names: string[] = [];
  /** Interned name index, negative (bitwise not) for a style. */
  readonly #nameOf: Int32Array;
  readonly #releases: Float64Array;

  constructor(db: DatabaseSync, artists: ArtistIndex) {
    this.#artists = artists;
    const statement = db.prepare('SELECT artist, name, is_style, releases FROM genres ORDER BY artist, is_style, name');
    statement.setReturnArrays(true);
    const rows = statement.all() as unknown as [number, string, number, number][];
    const interned = new Map<string, number>();
    this.#start = new Uint32Array(artists.size + 1);
    this.#nameOf = new Int32Array(rows.length);
    this.#releases = new Float64Array(rows.length);
    let index = 0;
    let kept = 0;
    for (const [artist, name, isStyle, releases] of rows) {
      const at = artists.indexOf(artist);
      if (at < 0) continue;
      while (index <= at) this.#start[index++] = kept;
      let nameIndex = interned.get(name);
      if (nameIndex === undefined) {
        nameIndex = this.#names.push(name) - 1;
        interned.set(name, nameIndex);
      }
      this.#nameOf[kept] = isStyle === 1 ? ~nameIndex : nameIndex;
      this.#releases[kept++] = releases;
    }
    while (index <= artists.size) this.#start[index++] = kept;
  }

  of(artist: number): GenreRow[] {
    const index = this.#artists.indexOf(artist);
    if (index < 0) return [];
    const rows: GenreRow[] = [];
    for (let i = this.#start[index]!; i < this.#start[index + 1]!; i++) {
      const name = this.#nameOf[i]!;
      rows.push({ name: this.#names[name < 0 ? ~name : name]!, is_style: name < 0, releases: this.#releases[i]! });
    }
    return rows;
  }
}

/** Influence links both ways: who shaped each artist, and whom it shaped. */
function influenceLists(db: DatabaseSync): { shapedBy: Map<number, number[]>; shaped: Map<number, number[]> } {
  const shapedBy = new Map<number, number[]>();
  const shaped = new Map<number, number[]>();
  const add = (map: Map<number, number[]>, key: number, value: number) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const row of db.prepare('SELECT from_artist, to_artist FROM influences').iterate() as Iterable<{ from_artist: number; to_artist: number }>) {
    add(shapedBy, row.to_artist, row.from_artist);
    add(shaped, row.from_artist, row.to_artist);
  }
  return { shapedBy, shaped };
}
