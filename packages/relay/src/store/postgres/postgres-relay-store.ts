import { randomBytes } from 'node:crypto';
import { migrateToLatest, type PostgresHandle } from '@quartet/common';
import { sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { relayErrors } from '../../errors.ts';
import { genesis } from '../../domain/chain.ts';
import type { Cursor } from '../../domain/cursor.ts';
import { pageLength, takePage } from '../../domain/page-size.ts';
import { checkCursor, planAppend, type AppendPlan, type Batch, type HeadState, type StreamState } from '../../domain/stream.ts';
import { chunkSizes, linkIn, packChunks, unpackChunks, type Chunk } from '../chunks.ts';
import { POSTGRES_TYPES, relayMigrations, type RelaySchema } from '../migrations.ts';
import { NO_STREAM, type ChangeListener, type Page, type RelayStore } from '../store.ts';
import { ChangeChannel } from './change-channel.ts';

type Trx = Transaction<RelaySchema>;

// Chunks per INSERT statement: 7 parameters each stays under PostgreSQL's 65535.
const INSERT_ROWS = 5_000;

/**
 * PostgreSQL store for several relay processes on one database. Appends to
 * one stream are serialised across processes by the row lock on the stream
 * (`SELECT ... FOR UPDATE`); every change is announced with NOTIFY inside the
 * same transaction, so it reaches every process's waiters once committed.
 */
export class PostgresRelayStore implements RelayStore {
  readonly #handle: PostgresHandle<RelaySchema>;
  readonly #channel: ChangeChannel;

  static async open(handle: PostgresHandle<RelaySchema>): Promise<PostgresRelayStore> {
    await migrateToLatest(handle, relayMigrations(POSTGRES_TYPES));
    const channel = await ChangeChannel.listen(handle.pool.options as pg.ClientConfig, `relay_changes_${handle.schema}`);
    return new PostgresRelayStore(handle, channel);
  }

  private constructor(handle: PostgresHandle<RelaySchema>, channel: ChangeChannel) {
    this.#handle = handle;
    this.#channel = channel;
  }

  async #state(trx: Trx, name: string, lock: boolean): Promise<StreamState | undefined> {
    let query = trx.selectFrom('relay_streams').select(['id', 'epoch', 'head', 'last_hash']).where('name', '=', name);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && { id: row.id, epoch: row.epoch, head: row.head, lastHash: row.last_hash };
  }

  async append(name: string, batch: Batch): Promise<AppendPlan> {
    return this.#handle.kysely.transaction().execute(async (trx) => {
      let plan = planAppend(await this.#state(trx, name, true), batch, () => randomBytes(16));
      if (plan.created) {
        const { after } = plan;
        const inserted = await trx
          .insertInto('relay_streams')
          .values({ name, id: after.id, epoch: after.epoch, head: after.head, last_hash: after.lastHash })
          .onConflict((c) => c.column('name').doNothing())
          .returning('name')
          .executeTakeFirst();
        // Another process created the stream first: this batch goes after its entries.
        if (inserted === undefined) plan = planAppend(await this.#state(trx, name, true), batch, () => randomBytes(16));
      }
      await this.#write(trx, name, plan);
      return plan;
    });
  }

  async #write(trx: Trx, name: string, plan: AppendPlan): Promise<void> {
    const { after } = plan;
    const chunks = packChunks(plan.entries);
    for (let i = 0; i < chunks.length; i += INSERT_ROWS) {
      const rows = chunks.slice(i, i + INSERT_ROWS).map((c) => ({ stream: after.id, ...c }));
      await trx.insertInto('relay_chunks').values(rows).execute();
    }
    await trx.updateTable('relay_streams').set({ epoch: after.epoch, head: after.head, last_hash: after.lastHash }).where('name', '=', name).execute();
    await this.#notify(trx, name, after);
  }

  #notify(trx: Trx, name: string, state: HeadState): Promise<unknown> {
    return sql`SELECT pg_notify(${this.#channel.name}, ${ChangeChannel.payload(name, state)})`.execute(trx);
  }

  async read(name: string, after: Cursor | undefined, limit: number): Promise<Page> {
    // One snapshot for the stream row and its entries: `head` and the page agree.
    return this.#handle.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const state = await this.#state(trx, name, false);
        if (state === undefined) throw relayErrors.stream_not_found();
        if (after !== undefined) checkCursor(state, after, await this.#linkAt(trx, state, after.seq));
        const from = after?.seq ?? 0;
        // The sizes of the chunks that can hold the page (positions are
        // consecutive, so none starts after from + limit), then the data of
        // only the chunks the page takes.
        const candidates = trx.selectFrom('relay_chunks').where('stream', '=', state.id).where('last_seq', '>', from).orderBy('last_seq');
        const index = await candidates.select(['first_seq', 'last_seq', 'sizes']).where('first_seq', '<=', from + limit).execute();
        const count = pageLength(chunkSizes(index, from), limit);
        const chunks: Chunk[] = count === 0 ? [] : await candidates.select(['first_seq', 'last_seq', 'epoch', 'hashes', 'sizes', 'data']).where('first_seq', '<=', from + count).execute();
        const entries = takePage(unpackChunks(chunks, from), (e) => e.data.byteLength, count);
        return { stream: state.id, epoch: state.epoch, head: state.head, entries };
      });
  }

  async #linkAt(trx: Trx, state: StreamState, seq: number): Promise<Uint8Array | undefined> {
    if (seq === 0) return genesis(state.id);
    if (seq > state.head) return undefined;
    const chunk = await trx.selectFrom('relay_chunks').select(['first_seq', 'hashes']).where('stream', '=', state.id).where('last_seq', '>=', seq).orderBy('last_seq').limit(1).executeTakeFirst();
    return chunk && linkIn(chunk, seq);
  }

  async heads(names: readonly string[]): Promise<Map<string, HeadState>> {
    const rows = names.length === 0 ? [] : await this.#handle.kysely.selectFrom('relay_streams').select(['name', 'id', 'head']).where('name', 'in', names).execute();
    const found = new Map(rows.map((r) => [r.name, { id: r.id, head: r.head }]));
    return new Map(names.map((name) => [name, found.get(name) ?? NO_STREAM]));
  }

  async remove(name: string): Promise<Uint8Array> {
    return this.#handle.kysely.transaction().execute(async (trx) => {
      const state = await this.#state(trx, name, true);
      if (state === undefined) throw relayErrors.stream_not_found();
      await trx.deleteFrom('relay_chunks').where('stream', '=', state.id).execute();
      await trx.deleteFrom('relay_streams').where('name', '=', name).execute();
      await this.#notify(trx, name, NO_STREAM);
      return state.id;
    });
  }

  onChange(listener: ChangeListener, resync?: () => void): void {
    this.#channel.subscribe(listener, resync);
  }

  async close(): Promise<void> {
    await this.#channel.close();
    await this.#handle.close();
  }
}
