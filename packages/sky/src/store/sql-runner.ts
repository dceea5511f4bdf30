/**
 * The one thing the canon queries need from a database: run a read-only
 * statement written in the SQL both engines share, with `?` placeholders.
 * Each engine adapts it (SQLite prepares and caches it; PostgreSQL numbers
 * the placeholders), so every query is written once.
 */
export type SqlValue = string | number | null;
export type SqlRow = Record<string, unknown>;

export interface SqlRunner {
  all<T = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function first<T = SqlRow>(runner: SqlRunner, sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
  return (await runner.all<T>(sql, params))[0];
}

/** `(?, ?, ?)` for an IN list of n values (n ≥ 1). */
export function placeholders(n: number): string {
  return `(${Array.from({ length: Math.max(1, n) }, () => '?').join(', ')})`;
}
