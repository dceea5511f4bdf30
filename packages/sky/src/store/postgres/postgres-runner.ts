import pg from 'pg';
import type { SqlRow, SqlRunner, SqlValue } from '../sql-runner.ts';

// Counts and ids are bigint columns: they come back as numbers (all far below 2^53).
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** `?` placeholders become `$1, $2, ...` (the canon's SQL has no `?` inside literals). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A pool whose connections read one canon schema. */
export class PostgresRunner implements SqlRunner {
  readonly #pool: pg.Pool;
  readonly #texts = new Map<string, string>();

  constructor(url: string, schema: string) {
    const parsed = new URL(url);
    parsed.searchParams.set('options', `-c search_path=${schema}`);
    this.#pool = new pg.Pool({ connectionString: parsed.toString(), max: 8, types, connectionTimeoutMillis: 3000 });
    this.#pool.on('error', () => {});
  }

  async all<T = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    // PostgreSQL text cannot hold NUL, so no stored value can equal such a parameter (SQLite agrees by finding nothing).
    if (params.some((p) => typeof p === 'string' && p.includes('\u0000'))) return [];
    let text = this.#texts.get(sql);
    if (text === undefined) this.#texts.set(sql, (text = numbered(sql)));
    return (await this.#pool.query({ text, values: params as SqlValue[] })).rows as T[];
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
