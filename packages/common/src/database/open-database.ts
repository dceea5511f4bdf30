import { openPostgres, type PostgresHandle } from './postgres/postgres-open.ts';
import { openSqlite, type SqliteHandle } from './sqlite/sqlite-open.ts';

export type DatabaseHandle<DB> = SqliteHandle<DB> | PostgresHandle<DB>;
export type Engine = DatabaseHandle<unknown>['engine'];

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens the database a setting names: a `postgres://` URL, or else a SQLite file path. */
export async function openDatabase<DB>(url: string): Promise<DatabaseHandle<DB>> {
  return isPostgresUrl(url) ? openPostgres<DB>(url) : openSqlite<DB>(url);
}

/** Text for logs and health output that never shows a password. */
export function describeDatabase(url: string): string {
  if (!isPostgresUrl(url)) return `sqlite:${url}`;
  const parsed = new URL(url);
  parsed.password = '';
  return `postgres://${parsed.host}${parsed.pathname}`;
}
