import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { CANON_TABLES, indexDdl, tableDdl, type ColumnType } from './canon-tables.ts';

const ARRAY_TYPES: Record<ColumnType, string> = { int: 'bigint[]', real: 'float8[]', text: 'text[]', bool: 'bool[]', bytes: 'bytea[]' };
const BATCH = 5000;

/** Where servers find the current canon: a pointer row in the connection's own schema. */
export const POINTER_DDL = 'CREATE TABLE IF NOT EXISTS sky_canon_pointer (id integer PRIMARY KEY, canon_schema text NOT NULL)';

/**
 * Copies the finished staging database into a new PostgreSQL schema and
 * points servers at it in one transaction; schemas older than the previous
 * one are dropped. The derived tables are copied, not recomputed, so both
 * engines serve identical values.
 */
export async function copyToPostgres(db: DatabaseSync, url: string, progress: (message: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const home = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  // Canons are named after the home schema, so imports into different homes never touch each other's.
  const prefix = `${home.slice(0, 40)}__sky_`;
  const schema = `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    for (const table of CANON_TABLES) {
      progress(`copying ${table.name} to PostgreSQL`);
      for (const ddl of tableDdl(table, 'postgres')) await client.query(ddl.replace(`CREATE TABLE "${table.name}"`, `CREATE TABLE "${schema}"."${table.name}"`));
      const names = table.columns.map(([name]) => name);
      const select = db.prepare(`SELECT ${names.map((n) => `"${n}"`).join(', ')} FROM "${table.name}"`);
      select.setReturnArrays(true);
      const unnest = table.columns.map(([, type], i) => `$${i + 1}::${ARRAY_TYPES[type]}`).join(', ');
      const insert = `INSERT INTO "${schema}"."${table.name}" (${names.map((n) => `"${n}"`).join(', ')}) SELECT * FROM unnest(${unnest})`;
      let batch: unknown[][] = names.map(() => []);
      let size = 0;
      const flush = async () => {
        if (size > 0) await client.query(insert, batch);
        batch = names.map(() => []);
        size = 0;
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        row.forEach((value, i) => {
          const type = table.columns[i]![1];
          batch[i]!.push(type === 'bool' && value !== null ? value === 1 : type === 'bytes' && value instanceof Uint8Array ? Buffer.from(value) : value);
        });
        if (++size === BATCH) await flush();
      }
      await flush();
      for (const ddl of indexDdl(table)) await client.query(ddl.replace(/ ON "([^"]+)"/, ` ON "${schema}"."$1"`));
      await client.query(`ANALYZE "${schema}"."${table.name}"`);
    }
    await client.query('BEGIN');
    await client.query(POINTER_DDL);
    const previous = (await client.query<{ canon_schema: string }>('SELECT canon_schema FROM sky_canon_pointer WHERE id = 1 FOR UPDATE')).rows[0]?.canon_schema;
    await client.query('INSERT INTO sky_canon_pointer (id, canon_schema) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET canon_schema = excluded.canon_schema', [schema]);
    // The previous canon stays for servers still switching over; older ones go.
    const stale = await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1) AND nspname NOT IN ($2, $3)', [prefix, schema, previous ?? schema]);
    for (const { nspname } of stale.rows) await client.query(`DROP SCHEMA "${nspname}" CASCADE`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
