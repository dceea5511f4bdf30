import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

export interface SqliteHandle<DB> {
  readonly engine: 'sqlite';
  readonly kysely: Kysely<DB>;
  /** The connection itself, for store code that needs synchronous transactions. */
  readonly connection: DatabaseSync;
  close(): Promise<void>;
}

/** Adapts a `node:sqlite` statement to the shape Kysely's SQLite dialect expects. */
function adaptStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  const args = (parameters: readonly unknown[]) => parameters as SQLInputValue[];
  return {
    reader,
    all: (parameters) => statement.all(...args(parameters)),
    run: (parameters) => {
      const result = statement.run(...args(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...args(parameters)),
  };
}

/** Statements are prepared once per SQL text: Kysely compiles the same text for every run of a query. */
function adaptDatabase(connection: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) statements.set(sql, (statement = adaptStatement(connection.prepare(sql))));
      return statement;
    },
  };
}

export interface SqliteOpenOptions {
  readonly readOnly?: boolean;
}

/**
 * Opens a SQLite file in WAL mode with a busy timeout. `synchronous=NORMAL`
 * in WAL mode keeps every committed transaction across a process crash
 * (SIGKILL); only a power loss can lose the last commits.
 */
export function openSqlite<DB>(path: string, options: SqliteOpenOptions = {}): SqliteHandle<DB> {
  if (path !== ':memory:' && !options.readOnly) mkdirSync(dirname(path), { recursive: true });
  const connection = new DatabaseSync(path, { readOnly: options.readOnly ?? false, timeout: 5000 });
  if (!options.readOnly) connection.exec('PRAGMA journal_mode = WAL');
  connection.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: adaptDatabase(connection) }) });
  return {
    engine: 'sqlite',
    kysely,
    connection,
    close: () => kysely.destroy(),
  };
}
