import { randomBytes } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrateToLatest, type SqliteHandle } from '@quartet/common';
import { relayErrors } from '../../errors.ts';
import { genesis } from '../../domain/chain.ts';
import type { Cursor } from '../../domain/cursor.ts';
import { takePage } from '../../domain/page-size.ts';
import { checkCursor, planAppend, type AppendPlan, type Batch, type HeadState, type StreamState } from '../../domain/stream.ts';
import { linkIn, packChunks, unpackChunks, type Chunk } from '../chunks.ts';
import { relayMigrations, SQLITE_TYPES, type RelaySchema } from '../migrations.ts';
import { NO_STREAM, type ChangeListener, type Page, type RelayStore } from '../store.ts';

interface StreamRow {
  id: Uint8Array;
  epoch: number;
  head: number;
  last_hash: Uint8Array;
}

/**
 * SQLite store. Every operation runs synchronously inside one transaction on
 * the single connection, so no other request of this process can interleave
 * with it; `BEGIN IMMEDIATE` serialises writers of other processes too.
 */
export class SqliteRelayStore implements RelayStore {
  readonly #handle: SqliteHandle<RelaySchema>;
  readonly #db: DatabaseSync;
  readonly #listeners: ChangeListener[] = [];
  readonly #sql: Record<'stream' | 'insertStream' | 'updateStream' | 'insertChunk' | 'chunkAt' | 'chunks' | 'deleteStream' | 'deleteChunks', StatementSync>;

  static async open(handle: SqliteHandle<RelaySchema>): Promise<SqliteRelayStore> {
    await migrateToLatest(handle, relayMigrations(SQLITE_TYPES));
    return new SqliteRelayStore(handle);
  }

  private constructor(handle: SqliteHandle<RelaySchema>) {
    this.#handle = handle;
    this.#db = handle.connection;
    const prepare = (sql: string) => this.#db.prepare(sql);
    this.#sql = {
      stream: prepare('SELECT id, epoch, head, last_hash FROM relay_streams WHERE name = ?'),
      insertStream: prepare('INSERT INTO relay_streams (name, id, epoch, head, last_hash) VALUES (?, ?, ?, ?, ?)'),
      updateStream: prepare('UPDATE relay_streams SET epoch = ?, head = ?, last_hash = ? WHERE name = ?'),
      insertChunk: prepare('INSERT INTO relay_chunks (stream, last_seq, first_seq, epoch, hashes, sizes, data) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      chunkAt: prepare('SELECT first_seq, hashes FROM relay_chunks WHERE stream = ? AND last_seq >= ? ORDER BY last_seq LIMIT 1'),
      chunks: prepare('SELECT first_seq, last_seq, epoch, hashes, sizes, data FROM relay_chunks WHERE stream = ? AND last_seq > ? ORDER BY last_seq LIMIT ?'),
      deleteStream: prepare('DELETE FROM relay_streams WHERE name = ?'),
      deleteChunks: prepare('DELETE FROM relay_chunks WHERE stream = ?'),
    };
  }

  #state(name: string): StreamState | undefined {
    const row = this.#sql.stream.get(name) as StreamRow | undefined;
    return row && { id: row.id, epoch: row.epoch, head: row.head, lastHash: row.last_hash };
  }

  #transaction<T>(mode: 'IMMEDIATE' | 'DEFERRED', work: () => T): T {
    this.#db.exec(`BEGIN ${mode}`);
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  async append(name: string, batch: Batch): Promise<AppendPlan> {
    const plan = this.#transaction('IMMEDIATE', () => {
      const plan = planAppend(this.#state(name), batch, () => randomBytes(16));
      const { after } = plan;
      if (plan.created) this.#sql.insertStream.run(name, after.id, after.epoch, after.head, after.lastHash);
      else this.#sql.updateStream.run(after.epoch, after.head, after.lastHash, name);
      for (const c of packChunks(plan.entries)) this.#sql.insertChunk.run(after.id, c.last_seq, c.first_seq, c.epoch, c.hashes, c.sizes, c.data);
      return plan;
    });
    this.#emit(name, { id: plan.after.id, head: plan.after.head });
    return plan;
  }

  async read(name: string, after: Cursor | undefined, limit: number): Promise<Page> {
    return this.#transaction('DEFERRED', () => {
      const state = this.#state(name);
      if (state === undefined) throw relayErrors.stream_not_found();
      if (after !== undefined) checkCursor(state, after, this.#linkAt(state, after.seq));
      // One pass over the chunks (never more than `limit`), stopped as soon as the page is full.
      const from = after?.seq ?? 0;
      const chunks = this.#sql.chunks.iterate(state.id, from, limit) as unknown as Iterable<Chunk>;
      const entries = takePage(unpackChunks(chunks, from), (e) => e.data.byteLength, limit);
      return { stream: state.id, epoch: state.epoch, head: state.head, entries };
    });
  }

  #linkAt(state: StreamState, seq: number): Uint8Array | undefined {
    if (seq === 0) return genesis(state.id);
    if (seq > state.head) return undefined;
    const chunk = this.#sql.chunkAt.get(state.id, seq) as Pick<Chunk, 'first_seq' | 'hashes'> | undefined;
    return chunk && linkIn(chunk, seq);
  }

  async heads(names: readonly string[]): Promise<Map<string, HeadState>> {
    const heads = new Map<string, HeadState>();
    for (const name of names) {
      const state = this.#state(name);
      heads.set(name, state ? { id: state.id, head: state.head } : NO_STREAM);
    }
    return heads;
  }

  async remove(name: string): Promise<Uint8Array> {
    const id = this.#transaction('IMMEDIATE', () => {
      const state = this.#state(name);
      if (state === undefined) throw relayErrors.stream_not_found();
      this.#sql.deleteChunks.run(state.id);
      this.#sql.deleteStream.run(name);
      return state.id;
    });
    this.#emit(name, NO_STREAM);
    return id;
  }

  onChange(listener: ChangeListener): void {
    this.#listeners.push(listener);
  }

  #emit(name: string, state: HeadState): void {
    for (const listener of this.#listeners) listener(name, state);
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}
