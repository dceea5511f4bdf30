import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { migrateToLatest, openDatabase, ServiceError } from '@quartet/common';
import type { Kysely } from 'kysely';
import { verifyPage } from '../../src/client/relay-client.ts';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { startCursor } from '../../src/domain/cursor.ts';
import { planAppend, type HeadState } from '../../src/domain/stream.ts';
import { POSTGRES_TYPES, relayMigrations, SQLITE_TYPES, type RelaySchema } from '../../src/store/migrations.ts';
import { openRelayStore } from '../../src/store/open-relay-store.ts';
import type { RelayStore } from '../../src/store/store.ts';

const data = (...texts: string[]) => texts.map((t) => new Uint8Array(Buffer.from(t)));

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

for (const backend of testBackends()) {
  describe(`relay store on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let store: RelayStore;
    const changes: [string, HeadState][] = [];

    before(async () => {
      database = await backend.create();
      store = await openRelayStore(database.url);
      store.onChange((name, state) => changes.push([name, state]));
    });
    after(async () => {
      await store?.close();
      await database?.drop();
    });

    it('reopens an existing database without migrating twice', async () => {
      const again = await openRelayStore(database.url);
      await again.close();
    });

    it('appends, reads and reports the change', async () => {
      const plan = await store.append('s1', { epoch: 1, entries: data('a', 'b') });
      assert.equal(plan.created, true);
      const page = await store.read('s1', undefined, 1000);
      assert.deepEqual(page.entries.map((e) => [e.seq, Buffer.from(e.data).toString()]), [[1, 'a'], [2, 'b']]);
      assert.deepEqual(Buffer.from(page.entries[1]!.hash), Buffer.from(plan.after.lastHash));
      await until(() => changes.some(([name, state]) => name === 's1' && state.head === 2));
    });

    it('reads after the genesis cursor', async () => {
      const { after: state } = await store.append('s2', { epoch: 1, entries: data('x') });
      const page = await store.read('s2', startCursor(state.id), 10);
      assert.equal(page.entries.length, 1);
    });

    it('knows the heads of existing and missing names', async () => {
      const heads = await store.heads(['s1', 'missing']);
      assert.equal(heads.get('s1')?.head, 2);
      assert.deepEqual(heads.get('missing'), { id: undefined, head: 0 });
    });

    it('removes a stream with its entries and reports it gone', async () => {
      const { after: state } = await store.append('s3', { epoch: 1, entries: data('x', 'y') });
      assert.deepEqual(Buffer.from(await store.remove('s3')), Buffer.from(state.id));
      await assert.rejects(store.read('s3', undefined, 10), (e: unknown) => e instanceof ServiceError && e.code === 'stream_not_found');
      await until(() => changes.some(([name, s]) => name === 's3' && s.id === undefined && s.head === 0));
      const fresh = await store.append('s3', { epoch: 1, entries: data('z') });
      assert.equal(fresh.entries[0]!.seq, 1);
    });

    it('leaves nothing behind when a batch is refused', async () => {
      await store.append('s4', { epoch: 5, entries: data('x') });
      await assert.rejects(store.append('s4', { epoch: 4, entries: data('y') }), (e: unknown) => e instanceof ServiceError && e.code === 'epoch_behind');
      assert.equal((await store.read('s4', undefined, 10)).head, 1);
    });

    it('stores a large batch in many chunks and reads a full page across them', async () => {
      const many = Array.from({ length: 25_000 }, (_, i) => new Uint8Array([i & 0xff]));
      const plan = await store.append('s5', { epoch: 1, entries: many });
      assert.equal(plan.after.head, 25_000);
      const page = await store.read('s5', undefined, 10_000);
      assert.equal(page.entries.length, 10_000);
      assert.equal(page.head, 25_000);
      const next = await store.read('s5', { seq: 10_000, stream: page.stream, hash: page.entries.at(-1)!.hash }, 10_000);
      assert.deepEqual([next.entries[0]!.seq, next.entries.at(-1)!.seq, next.entries[0]!.data[0]], [10_001, 20_000, 10_000 & 0xff]);
      // One entry at a time across a chunk boundary (chunks hold 1,024 entries here).
      for (const at of [1023, 1024]) {
        const link = (await store.read('s5', undefined, at)).entries.at(-1)!.hash;
        const one = await store.read('s5', { seq: at, stream: page.stream, hash: link }, 1);
        assert.deepEqual(one.entries.map((e) => [e.seq, e.data[0]]), [[at + 1, at & 0xff]]);
      }
    });
  });

  describe(`relay schema upgrade on ${backend.engine}`, { skip: backend.skip }, () => {
    it('moves entries stored one per row into chunks, links and positions unchanged', async () => {
      const database = await backend.create();
      try {
        const handle = await openDatabase<RelaySchema>(database.url);
        const { '001_streams_and_entries': first } = relayMigrations(handle.engine === 'sqlite' ? SQLITE_TYPES : POSTGRES_TYPES);
        await migrateToLatest(handle, { '001_streams_and_entries': first! });
        const id = new Uint8Array(16).fill(9);
        const plan = planAppend(undefined, { epoch: 3, entries: data('one', '', 'three') }, () => id);
        const { after } = plan;
        await handle.kysely.insertInto('relay_streams').values({ name: 'old', id, epoch: after.epoch, head: after.head, last_hash: after.lastHash }).execute();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the 001 table is no longer part of the schema type
        const old = handle.kysely as unknown as Kysely<any>;
        await old.insertInto('relay_entries').values(plan.entries.map((e) => ({ stream: id, seq: e.seq, epoch: e.epoch, hash: e.hash, data: e.data }))).execute();
        await handle.close();

        const store = await openRelayStore(database.url);
        try {
          const page = await store.read('old', startCursor(id), 10);
          const end = verifyPage(page, startCursor(id));
          assert.deepEqual([end.seq, Buffer.from(end.hash).toString('hex')], [3, Buffer.from(after.lastHash).toString('hex')]);
          assert.deepEqual(page.entries.map((e) => Buffer.from(e.data).toString()), ['one', '', 'three']);
          const tail = await store.read('old', { seq: 1, stream: id, hash: plan.entries[0]!.hash }, 10);
          assert.deepEqual(tail.entries.map((e) => e.seq), [2, 3]);
        } finally {
          await store.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
