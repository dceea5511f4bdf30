import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { ServiceError } from '../service-error.ts';

/** Versioned migrations, applied in name order ("001_...", "002_..."). */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * Applies every migration not applied yet, each in its own transaction.
 * Several processes starting together on PostgreSQL are serialised by
 * Kysely's migration lock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(kysely: Kysely<any>, migrations: Migrations): Promise<string[]> {
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => ({ ...migrations }) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new ServiceError('migration_failed', 500, `database migration ${failed} failed: ${(error as Error).message}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
