import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export interface PostgresHandle<DB> {
  readonly engine: 'postgres';
  readonly kysely: Kysely<DB>;
  /** The pool itself, for store code that needs LISTEN or a dedicated client. */
  readonly pool: pg.Pool;
  /** The schema the connections work in (first entry of the search path). */
  readonly schema: string;
  close(): Promise<void>;
}

// 64-bit integers and numerics come back as JavaScript numbers: every count
// and position the services store stays far below 2^53.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PostgresOpenOptions {
  readonly max?: number;
}

/**
 * Opens a pool on a `postgres://` URL. A search path given in the URL
 * (`?options=-c%20search_path%3Dname`) selects the schema, which is created
 * if it does not exist yet.
 */
export async function openPostgres<DB>(url: string, options: PostgresOpenOptions = {}): Promise<PostgresHandle<DB>> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const schema = searchPathOf(url);
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
  const current = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    kysely,
    pool,
    schema: current.rows[0]?.schema ?? 'public',
    close: () => kysely.destroy(),
  };
}

function searchPathOf(url: string): string | undefined {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /(?:^|\s)-c\s*search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1];
}
