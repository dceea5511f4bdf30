import type { Migrations } from '@quartet/common';
import { sql, type Kysely } from 'kysely';

/** What differs between the engines in the relay schema. */
export interface SchemaTypes {
  readonly bytes: 'blob' | 'bytea';
  /** SQL for the length of a byte-string column as 4 bytes, big-endian. */
  readonly lengthBytes: (column: string) => string;
}

export const SQLITE_TYPES: SchemaTypes = { bytes: 'blob', lengthBytes: (c) => `unhex(printf('%08X', length(${c})))` };
export const POSTGRES_TYPES: SchemaTypes = { bytes: 'bytea', lengthBytes: (c) => `int4send(octet_length(${c})::int4)` };

/** The relay schema, written once for both engines. */
export function relayMigrations(types: SchemaTypes): Migrations {
  return {
    '001_streams_and_entries': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('relay_streams')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('id', types.bytes, (c) => c.notNull().unique())
          .addColumn('epoch', 'bigint', (c) => c.notNull())
          .addColumn('head', 'bigint', (c) => c.notNull())
          .addColumn('last_hash', types.bytes, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('relay_entries')
          .addColumn('stream', types.bytes, (c) => c.notNull())
          .addColumn('seq', 'bigint', (c) => c.notNull())
          .addColumn('epoch', 'bigint', (c) => c.notNull())
          .addColumn('hash', types.bytes, (c) => c.notNull())
          .addColumn('data', types.bytes, (c) => c.notNull())
          .addPrimaryKeyConstraint('relay_entries_pk', ['stream', 'seq'])
          .execute();
      },
    },
    // Entries move into chunks (see store/chunks.ts); each existing entry becomes a chunk of one.
    '002_entry_chunks': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('relay_chunks')
          .addColumn('stream', types.bytes, (c) => c.notNull())
          .addColumn('last_seq', 'bigint', (c) => c.notNull())
          .addColumn('first_seq', 'bigint', (c) => c.notNull())
          .addColumn('epoch', 'bigint', (c) => c.notNull())
          .addColumn('hashes', types.bytes, (c) => c.notNull())
          .addColumn('sizes', types.bytes, (c) => c.notNull())
          .addColumn('data', types.bytes, (c) => c.notNull())
          // Keyed by the last position: the first chunk with last_seq > cursor holds the entry after it.
          .addPrimaryKeyConstraint('relay_chunks_pk', ['stream', 'last_seq'])
          .execute();
        await sql`
          INSERT INTO relay_chunks (stream, last_seq, first_seq, epoch, hashes, sizes, data)
          SELECT stream, seq, seq, epoch, hash, ${sql.raw(types.lengthBytes('data'))}, data FROM relay_entries
        `.execute(db);
        await db.schema.dropTable('relay_entries').execute();
      },
    },
  };
}

export interface RelaySchema {
  relay_streams: { name: string; id: Uint8Array; epoch: number; head: number; last_hash: Uint8Array };
  relay_chunks: { stream: Uint8Array; last_seq: number; first_seq: number; epoch: number; hashes: Uint8Array; sizes: Uint8Array; data: Uint8Array };
}
