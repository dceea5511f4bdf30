import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Migrations } from '../src/index.ts';
import { testBackends, type TestDatabase } from '../src/testing/index.ts';

interface Db {
  note: { id: number; body: string; tag: string | null };
}

const migrations: Migrations = {
  '001_create_note': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('note').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
    },
  },
  '002_add_tag': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('note').addColumn('tag', 'text').execute();
    },
  },
};

for (const backend of testBackends()) {
  describe(`store layer on ${backend.engine}`, { skip: backend.skip }, () => {
    let testDb: TestDatabase;
    let handle: DatabaseHandle<Db>;

    before(async () => {
      testDb = await backend.create();
      handle = await openDatabase<Db>(testDb.url);
    });
    after(async () => {
      await handle?.close();
      await testDb?.drop();
    });

    it('opens the engine the setting names', () => {
      assert.equal(handle.engine, backend.engine);
    });

    it('applies versioned migrations in order, once', async () => {
      assert.deepEqual(await migrateToLatest(handle, { '001_create_note': migrations['001_create_note']! }), ['001_create_note']);
      assert.deepEqual(await migrateToLatest(handle, migrations), ['002_add_tag']);
      assert.deepEqual(await migrateToLatest(handle, migrations), []);
      await handle.kysely.insertInto('note').values({ id: 1, body: 'first', tag: 'a' }).execute();
      const rows = await handle.kysely.selectFrom('note').selectAll().execute();
      assert.deepEqual(rows.map((r) => ({ ...r })), [{ id: 1, body: 'first', tag: 'a' }]);
    });

    it('rolls a failed transaction back entirely', async () => {
      await assert.rejects(
        handle.kysely.transaction().execute(async (trx) => {
          await trx.insertInto('note').values({ id: 2, body: 'second', tag: null }).execute();
          await trx.insertInto('note').values({ id: 1, body: 'duplicate id', tag: null }).execute();
        }),
      );
      const count = await handle.kysely.selectFrom('note').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 1);
    });

    if (backend.engine === 'sqlite') {
      it('runs SQLite in WAL mode with a busy timeout', async () => {
        const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(handle.kysely);
        assert.equal(mode.rows[0]?.journal_mode, 'wal');
        const timeout = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(handle.kysely);
        assert.equal(timeout.rows[0]?.timeout, 5000);
      });
    } else {
      it('works inside the schema named by the URL search path', async () => {
        const schema = new URL(testDb.url).searchParams.get('options')?.split('=')[1];
        const found = await sql<{ table_schema: string }>`SELECT table_schema FROM information_schema.tables WHERE table_name = 'note'`.execute(handle.kysely);
        assert.deepEqual(found.rows.map((r) => r.table_schema), [schema]);
      });
    }
  });
}
