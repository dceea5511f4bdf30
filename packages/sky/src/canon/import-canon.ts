import { readdirSync, rmSync } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isPostgresUrl } from '@quartet/common';
import { copyToPostgres } from './copy-to-postgres.ts';
import { deriveTables, finishCanon } from './derive-canon.ts';
import { CardBuild } from './derive-cards.ts';
import { createLoadTables, loadCanon } from './load-canon.ts';

export interface ImportOptions {
  readonly dir: string;
  readonly databaseUrl: string;
  readonly progress: (message: string) => void;
}

export interface ImportSummary {
  readonly stars: number;
  readonly artists: number;
  readonly seconds: number;
}

function removeStaging(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

// Imports in this process so far: two at once never share a staging file.
let imports = 0;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Staging files (`<base>.import-<pid>...`) of imports whose process is gone:
 * an import stopped by a signal in the middle of a long synchronous step
 * cannot clean up, and its files are gigabytes.
 */
function removeAbandonedStaging(base: string): void {
  const prefix = `${basename(base)}.import-`;
  for (const name of readdirSync(dirname(base))) {
    const pid = name.startsWith(prefix) ? /^\d+/.exec(name.slice(prefix.length))?.[0] : undefined;
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(dirname(base), name), { force: true });
  }
}

/** A fresh SQLite file tuned for one bulk write: no journal, no syncs until the end. */
function openStaging(path: string): DatabaseSync {
  removeStaging(path);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY');
  return db;
}

/**
 * Validates the canon in `dir` and builds the served database from it, in a
 * staging SQLite file. Nothing visible changes until the very end: SQLite's
 * file is replaced by a rename, PostgreSQL switches to a new schema in one
 * transaction. On any problem the staging data is removed and the previous
 * canon stays served.
 */
export async function importCanon(options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const toPostgres = isPostgresUrl(options.databaseUrl);
  if (!(await stat(options.dir).then((s) => s.isDirectory(), () => false))) throw new Error(`${options.dir} is not a directory`);
  const target = toPostgres ? '' : resolve(options.databaseUrl);
  const base = toPostgres ? join(tmpdir(), 'sky-canon.db') : target;
  const staging = `${base}.import-${process.pid}-${++imports}`;
  if (!toPostgres) await mkdir(dirname(target), { recursive: true });
  removeAbandonedStaging(base);

  const db = openStaging(staging);
  let cards: CardBuild | undefined;
  try {
    db.exec('BEGIN');
    createLoadTables(db);
    await loadCanon(db, options.dir, options.progress);
    const shape = deriveTables(db, options.progress);
    db.exec('COMMIT');
    // The cards are built by other threads while this one finishes the canon: WAL lets them read while it writes.
    db.exec('PRAGMA locking_mode = NORMAL; PRAGMA journal_mode = WAL');
    options.progress('building the cards');
    cards = new CardBuild(staging, (db.prepare('SELECT count(*) AS n FROM artists').get() as { n: number }).n, options.progress);
    db.exec('BEGIN');
    finishCanon(db, shape, options.progress);
    db.exec('COMMIT');
    // Back to no journal for the append; the checkpoint needs the readers gone.
    await cards.finished();
    db.exec('PRAGMA journal_mode = DELETE; PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = OFF');
    await cards.appendTo(db);
    const counts = db.prepare('SELECT (SELECT count(*) FROM stars) AS stars, (SELECT count(*) FROM artists) AS artists').get() as { stars: number; artists: number };
    // Served read-only in rollback-journal mode: no -wal file can outlive this inode.
    db.exec('PRAGMA locking_mode = NORMAL; PRAGMA journal_mode = DELETE');
    if (toPostgres) await copyToPostgres(db, options.databaseUrl, options.progress);
    db.close();
    if (toPostgres) removeStaging(staging);
    else await rename(staging, target);
    return { ...counts, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await cards?.abort();
    if (db.isOpen) db.close();
    removeStaging(staging);
    throw error;
  }
}
