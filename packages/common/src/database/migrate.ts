import { Migrator, type Migration } from 'kysely/migration';
import { ServiceError } from '../service-error.ts';
import type { DatabaseHandle } from './open-database.ts';

/** Versioned migrations, applied in name order ("001_...", "002_..."). */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * Applies every migration not applied yet, each in its own transaction.
 * Several processes starting together on PostgreSQL are serialised by
 * Kysely's migration lock. On PostgreSQL the migration tables are named in
 * the connection's own schema: unqualified, Kysely would take a table of the
 * same name in another schema for this one's.
 */
export async function migrateToLatest<DB>(handle: DatabaseHandle<DB>, migrations: Migrations): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.kysely,
    provider: { getMigrations: async () => ({ ...migrations }) },
    ...(handle.engine === 'postgres' ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new ServiceError('migration_failed', 500, `database migration ${failed} failed: ${(error as Error).message}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
