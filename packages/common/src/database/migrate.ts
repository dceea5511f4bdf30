import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ServiceError } from '../service-error.ts';
import type { DatabaseHandle } from './open-database.ts';

/** Versioned migrations, applied in name order ("001_...", "002_..."). */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * Applies every migration not applied yet, in one transaction, recording
 * each in `schema_migrations`. Processes starting together are serialised:
 * on PostgreSQL by an advisory lock per schema, on SQLite by the write lock.
 * Nothing here looks at other schemas (catalogue-wide introspection races
 * with schemas being dropped elsewhere on a shared server).
 */
export async function migrateToLatest<DB>(handle: DatabaseHandle<DB>, migrations: Migrations): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrations table is not part of any service's schema type
  const db = handle.kysely as unknown as Kysely<any>;
  let current = '';
  try {
    return await db.transaction().execute(async (trx) => {
      if (handle.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext('quartet/migrations/' || current_schema()))`.execute(trx);
      await trx.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
      const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r: { name: string }) => r.name));
      const applied: string[] = [];
      for (const name of Object.keys(migrations).sort()) {
        if (done.has(name)) continue;
        current = name;
        await migrations[name]!.up(trx);
        await trx.insertInto('schema_migrations').values({ name, applied_at: new Date().toISOString() }).execute();
        applied.push(name);
      }
      return applied;
    });
  } catch (error) {
    throw new ServiceError('migration_failed', 500, `database migration ${current || '(setup)'} failed: ${(error as Error).message}`);
  }
}
