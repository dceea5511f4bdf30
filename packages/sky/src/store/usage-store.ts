import { basename, dirname, extname, join } from 'node:path';
import { isPostgresUrl, migrateToLatest, openDatabase, type DatabaseHandle } from '@quartet/common';
import { sql, type Kysely } from 'kysely';

interface UsageSchema {
  usage_counters: { mechanic: string; day: string; count: number };
}

export interface Counter {
  readonly mechanic: string;
  readonly day: string;
  readonly count: number;
}

const migrations = {
  '001_usage_counters': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('usage_counters')
        .addColumn('mechanic', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_counters_pk', ['mechanic', 'day'])
        .execute();
    },
  },
};

/**
 * Where counters live. They outlive canon imports, so with SQLite they are
 * kept in a file beside the canon (`sky.db` → `sky-usage.db`); with
 * PostgreSQL in the connection's own schema.
 */
export function usageLocation(databaseUrl: string): string {
  if (isPostgresUrl(databaseUrl) || databaseUrl === ':memory:') return databaseUrl;
  const extension = extname(databaseUrl);
  return join(dirname(databaseUrl), `${basename(databaseUrl, extension)}-usage${extension || '.db'}`);
}

/** One counter per (mechanic, day), incremented in place: no per-event rows, nothing about who. */
export class UsageStore {
  readonly #handle: DatabaseHandle<UsageSchema>;

  static async open(databaseUrl: string): Promise<UsageStore> {
    const handle = await openDatabase<UsageSchema>(usageLocation(databaseUrl));
    await migrateToLatest(handle, migrations);
    return new UsageStore(handle);
  }

  private constructor(handle: DatabaseHandle<UsageSchema>) {
    this.#handle = handle;
  }

  async increment(mechanic: string, day: string): Promise<void> {
    await this.#handle.kysely
      .insertInto('usage_counters')
      .values({ mechanic, day, count: 1 })
      .onConflict((c) => c.columns(['mechanic', 'day']).doUpdateSet({ count: sql`usage_counters.count + 1` }))
      .execute();
  }

  async list(): Promise<Counter[]> {
    const rows = await this.#handle.kysely.selectFrom('usage_counters').selectAll().orderBy('day', 'desc').orderBy('mechanic', 'asc').execute();
    return rows.map((r) => ({ mechanic: r.mechanic, day: r.day, count: Number(r.count) }));
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}
