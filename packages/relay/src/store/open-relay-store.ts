import { openDatabase } from '@quartet/common';
import type { RelaySchema } from './migrations.ts';
import { PostgresRelayStore } from './postgres/postgres-relay-store.ts';
import { SqliteRelayStore } from './sqlite/sqlite-relay-store.ts';
import type { RelayStore } from './store.ts';

/** Opens the store a database setting names and brings its schema up to date. */
export async function openRelayStore(url: string): Promise<RelayStore> {
  const handle = await openDatabase<RelaySchema>(url);
  return handle.engine === 'sqlite' ? SqliteRelayStore.open(handle) : PostgresRelayStore.open(handle);
}
