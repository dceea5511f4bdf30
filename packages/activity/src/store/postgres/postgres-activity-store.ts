import { migrateToLatest, type PostgresHandle } from '@quartet/common';
import { KyselyStoreOps } from '../kysely-store-ops.ts';
import { activityMigrations } from '../migrations.ts';
import type { ActivitySchema } from '../schema.ts';
import type { ActivityStore, StoreOps } from '../store.ts';

/**
 * PostgreSQL store for several processes on one database: days and alerts
 * change under row locks and unique indexes, and deliveries are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease.
 */
export class PostgresActivityStore extends KyselyStoreOps implements ActivityStore {
  readonly engine = 'postgres';
  readonly #handle: PostgresHandle<ActivitySchema>;

  static readonly capabilities = Object.freeze({ rowLocks: true, skipLocked: true });

  static async open(handle: PostgresHandle<ActivitySchema>): Promise<PostgresActivityStore> {
    await migrateToLatest(handle, activityMigrations({ serial: 'bigserial', autoIncrement: false }));
    return new PostgresActivityStore(handle);
  }

  private constructor(handle: PostgresHandle<ActivitySchema>) {
    super(handle.kysely, PostgresActivityStore.capabilities);
    this.#handle = handle;
  }

  transaction<T>(work: (ops: StoreOps) => Promise<T>): Promise<T> {
    return this.#handle.kysely.transaction().execute((trx) => work(new KyselyStoreOps(trx, PostgresActivityStore.capabilities)));
  }

  close(): Promise<void> {
    return this.#handle.close();
  }
}
