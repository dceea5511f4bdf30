import { rmSync } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isPostgresUrl } from '@quartet/common';
import { copyToPostgres } from './copy-to-postgres.ts';
import { deriveCanon } from './derive-canon.ts';
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
  const staging = toPostgres ? join(tmpdir(), `sky-canon-${process.pid}-${Date.now()}.db`) : `${target}.import-${process.pid}`;
  if (!toPostgres) await mkdir(dirname(target), { recursive: true });

  const db = openStaging(staging);
  try {
    db.exec('BEGIN');
    createLoadTables(db);
    await loadCanon(db, options.dir, options.progress);
    deriveCanon(db, options.progress);
    db.exec('COMMIT');
    const counts = db.prepare('SELECT (SELECT count(*) FROM stars) AS stars, (SELECT count(*) FROM artists) AS artists').get() as { stars: number; artists: number };
    // Served read-only in rollback-journal mode: no -wal file can outlive this inode.
    db.exec('PRAGMA locking_mode = NORMAL; PRAGMA journal_mode = DELETE');
    if (toPostgres) await copyToPostgres(db, options.databaseUrl, options.progress);
    db.close();
    if (toPostgres) removeStaging(staging);
    else await rename(staging, target);
    return { ...counts, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    if (db.isOpen) db.close();
    removeStaging(staging);
    throw error;
  }
}
