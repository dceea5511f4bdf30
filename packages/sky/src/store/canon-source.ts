import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { Logger } from '@quartet/common';
import { CANON_FORMAT } from '../canon/canon-tables.ts';
import { gridOf, type Grid } from '../domain/grid.ts';
import { loadSearchIndexes, type SearchIndexes } from '../search/search-indexes.ts';
import { CanonQueries } from './canon-queries.ts';
import { PostgresRunner } from './postgres/postgres-runner.ts';
import type { SqlRunner } from './sql-runner.ts';
import { SqliteRunner } from './sqlite/sqlite-runner.ts';

/** One imported canon, complete: what a request reads from start to end. */
export interface Canon {
  readonly id: string;
  readonly queries: CanonQueries;
  readonly search: SearchIndexes;
  readonly grid: Grid;
  /** Stars in the cells before each cell of its row: stars in cells c0..c1 of a row are prefix[c1 + 1] - prefix[c0], per row of size + 1. */
  readonly cellPrefix: Float64Array;
  readonly starCount: number;
}

function rowPrefixSums(cells: ReadonlyMap<number, number>, size: number): Float64Array {
  const prefix = new Float64Array(size * (size + 1));
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) prefix[r * (size + 1) + c + 1] = prefix[r * (size + 1) + c]! + (cells.get(r * size + c) ?? 0);
  }
  return prefix;
}

/** A canon this server cannot serve until it is imported again: retrying it would not help. */
class CanonFormatError extends Error {}

async function loadCanon(runner: SqlRunner): Promise<Canon> {
  const queries = new CanonQueries(runner);
  const meta = await queries.meta();
  const format = meta.get('format') ?? '1';
  if (format !== String(CANON_FORMAT)) {
    throw new CanonFormatError(`the canon has format ${format} and this server reads format ${CANON_FORMAT}: run \`sky import\` again`);
  }
  const cells = await queries.cellCounts();
  const g = JSON.parse(meta.get('grid') ?? '{"minX":0,"maxX":0,"minY":0,"maxY":0,"size":256}') as { minX: number; maxX: number; minY: number; maxY: number; size: number };
  return {
    id: meta.get('canon_id') ?? '',
    queries,
    search: await loadSearchIndexes(queries),
    grid: gridOf(g.minX, g.maxX, g.minY, g.maxY, g.size),
    cellPrefix: rowPrefixSums(cells, g.size),
    starCount: [...cells.values()].reduce((sum, n) => sum + n, 0),
  };
}

// A replaced canon's connections stay open this long for requests still reading it.
const RETIRE_AFTER_MS = 60_000;
const POLL_MS = 2_000;

/**
 * The canon a server serves, switched whole when an import replaces it: the
 * new one is loaded completely (search index included) before requests see
 * it, so an answer comes from the old canon or the new one, never a mix.
 */
export abstract class CanonSource {
  #current: Canon | undefined;
  readonly #retired = new Set<Canon>();
  #timer: NodeJS.Timeout | undefined;
  #switching = false;
  protected readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  current(): Canon | undefined {
    return this.#current;
  }

  /** An identity of the canon the database holds now (undefined when none), and a way to open it. */
  protected abstract locate(): Promise<{ key: string; open(): SqlRunner } | undefined>;
  /** Whether the database answers right now. */
  abstract reachable(): Promise<boolean>;
  protected abstract closeSource(): Promise<void>;

  #key: string | undefined;
  #refused: string | undefined;

  async start(): Promise<void> {
    await this.refresh();
    this.#timer = setInterval(() => void this.refresh(), POLL_MS);
    this.#timer.unref();
  }

  /** Loads the canon if the database holds another one than the one served (and not one refused for its format). */
  async refresh(): Promise<void> {
    if (this.#switching) return;
    this.#switching = true;
    let found: Awaited<ReturnType<CanonSource['locate']>>;
    try {
      found = await this.locate();
      if (found === undefined || found.key === this.#key || found.key === this.#refused) return;
      const runner = found.open();
      const started = Date.now();
      const canon = await loadCanon(runner).catch(async (error: unknown) => {
        await runner.close();
        throw error;
      });
      const previous = this.#current;
      this.#current = canon;
      this.#key = found.key;
      this.log.info({ canon: canon.id, load_ms: Date.now() - started }, 'canon loaded');
      if (previous) this.#retire(previous);
    } catch (error) {
      if (error instanceof CanonFormatError) {
        this.#refused = found?.key;
        this.log.error(error.message);
      } else this.log.warn({ err: error }, 'canon could not be loaded');
    } finally {
      this.#switching = false;
    }
  }

  #retire(canon: Canon): void {
    this.#retired.add(canon);
    setTimeout(() => {
      this.#retired.delete(canon);
      void canon.queries.runner.close();
    }, RETIRE_AFTER_MS).unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    for (const canon of [...this.#retired, ...(this.#current ? [this.#current] : [])]) await canon.queries.runner.close();
    this.#retired.clear();
    await this.closeSource();
  }
}

/** SQLite: the canon is the file at the path; an import renames a new file over it. */
export class SqliteCanonSource extends CanonSource {
  readonly #path: string;

  constructor(path: string, log: Logger) {
    super(log);
    this.#path = resolve(path);
  }

  protected async locate() {
    const info = statSync(this.#path, { throwIfNoEntry: false });
    if (info === undefined) return undefined;
    return { key: `${info.ino}:${info.mtimeMs}`, open: () => new SqliteRunner(this.#path) };
  }

  async reachable(): Promise<boolean> {
    const info = statSync(this.#path, { throwIfNoEntry: false });
    if (info === undefined || !info.isFile()) return false;
    try {
      await this.current()?.queries.ping();
      return this.current() !== undefined;
    } catch {
      return false;
    }
  }

  protected async closeSource(): Promise<void> {}
}

/** PostgreSQL: a pointer row names the schema of the current canon; an import switches it in one transaction. */
export class PostgresCanonSource extends CanonSource {
  readonly #url: string;
  readonly #pool: pg.Pool;

  constructor(url: string, log: Logger) {
    super(log);
    this.#url = url;
    this.#pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 3000 });
    this.#pool.on('error', () => {});
  }

  protected async locate() {
    const result = await this.#pool.query<{ canon_schema: string }>("SELECT canon_schema FROM sky_canon_pointer WHERE id = 1").catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] }; // no import yet
      throw error;
    });
    const schema = result.rows[0]?.canon_schema;
    return schema === undefined ? undefined : { key: schema, open: () => new PostgresRunner(this.#url, schema) };
  }

  async reachable(): Promise<boolean> {
    try {
      await this.#pool.query('SELECT 1');
      await this.current()?.queries.ping();
      return this.current() !== undefined;
    } catch {
      return false;
    }
  }

  protected async closeSource(): Promise<void> {
    await this.#pool.end();
  }
}
