import { openDatabase } from '@quartet/common';
import { PostgresActivityStore } from './postgres/postgres-activity-store.ts';
import type { ActivitySchema } from './schema.ts';
import { SqliteActivityStore } from './sqlite/sqlite-activity-store.ts';
import type { ActivityStore } from './store.ts';

/** Opens the store a database setting names and brings its schema up to date. */
export async function openActivityStore(url: string): Promise<ActivityStore> {
  const handle = await openDatabase<ActivitySchema>(url);
  try {
    return handle.engine === 'sqlite' ? await SqliteActivityStore.open(handle) : await PostgresActivityStore.open(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
}
