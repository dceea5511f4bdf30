import { migrateToLatest, type SqliteHandle } from '@quartet/common';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyStoreOps } from '../kysely-store-ops.ts';
import { activityMigrations } from '../migrations.ts';
import type { ActivitySchema } from '../schema.ts';
import type { StatementSync } from 'node:sqlite';
import type { Account, ActivityStore, LiveSession, StoreOps } from '../store.ts';
import { cachedStatements } from './cached-statements.ts';

const capabilities = Object.freeze({ rowLocks: false, skipLocked: false });

/**
 * SQLite store for one process. Every statement and transaction runs on the
 * process's single connection, one at a time, so a claim (one `UPDATE ...
 * RETURNING` statement) can never hand a delivery to two workers.
 */
export class SqliteActivityStore extends KyselyStoreOps implements ActivityStore {
  readonly engine = 'sqlite';
  readonly #handle: SqliteHandle<ActivitySchema>;
  readonly #kysely: Kysely<ActivitySchema>;
  readonly #liveSession: StatementSync;

  static async open(handle: SqliteHandle<ActivitySchema>): Promise<SqliteActivityStore> {
    await migrateToLatest(handle, activityMigrations({ serial: 'integer', autoIncrement: true }));
    // The store's own Kysely on the same connection, keeping its statements prepared.
    const kysely = new Kysely<ActivitySchema>({ dialect: new SqliteDialect({ database: cachedStatements(handle.connection) }) });
    return new SqliteActivityStore(handle, kysely);
  }

  private constructor(handle: SqliteHandle<ActivitySchema>, kysely: Kysely<ActivitySchema>) {
    super(kysely, capabilities);
    this.#handle = handle;
    this.#kysely = kysely;
    this.#liveSession = handle.connection.prepare(
      `SELECT s.expires_at AS session_expires_at, a.* FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE s.id_hash = ? AND s.ended_at IS NULL AND s.expires_at > ? AND a.deactivated_at IS NULL`,
    );
  }

  /** The check every signed-in request makes, as one prepared statement run synchronously. */
  override async liveSession(idHash: string, now: number): Promise<LiveSession | undefined> {
    const row = this.#liveSession.get(idHash, now) as (Account & { session_expires_at: number }) | undefined;
    if (row === undefined) return undefined;
    const { session_expires_at, ...account } = row;
    return { expiresAt: session_expires_at, account };
  }

  transaction<T>(work: (ops: StoreOps) => Promise<T>): Promise<T> {
    return this.#kysely.transaction().execute((trx) => work(new KyselyStoreOps(trx, capabilities)));
  }

  async close(): Promise<void> {
    await this.#kysely.destroy();
    await this.#handle.close();
  }
}
