import type { Migrations } from '@quartet/common';
import type { Kysely } from 'kysely';

/** What differs between the engines in the relay schema: the byte-string column type. */
export interface SchemaTypes {
  readonly bytes: 'blob' | 'bytea';
}

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
  };
}

export interface RelaySchema {
  relay_streams: { name: string; id: Uint8Array; epoch: number; head: number; last_hash: Uint8Array };
  relay_entries: { stream: Uint8Array; seq: number; epoch: number; hash: Uint8Array; data: Uint8Array };
}
