import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statement texts kept prepared; the store's queries have a few dozen shapes. */
const CACHE_SIZE = 256;

/**
 * Adapts a `node:sqlite` connection to Kysely's SQLite dialect, keeping each
 * statement prepared after its first use: preparing is most of the cost of
 * a small query. The connection itself is opened and closed by its owner.
 */
export function cachedStatements(connection: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const adapt = (statement: StatementSync): SqliteStatement => {
    const args = (parameters: readonly unknown[]) => parameters as SQLInputValue[];
    return {
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...args(parameters)),
      run: (parameters) => {
        const result = statement.run(...args(parameters));
        return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
      },
      iterate: (parameters) => statement.iterate(...args(parameters)),
    };
  };
  return {
    close: () => cache.clear(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = adapt(connection.prepare(sql));
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
