import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** A database setting a service accepts: a SQLite path or a `postgres://` URL. */
  readonly url: string;
  drop(): Promise<void>;
}

export interface TestBackend {
  readonly engine: 'sqlite' | 'postgres';
  /** A reason to skip (node:test shows it), or false. */
  readonly skip: string | false;
  create(): Promise<TestDatabase>;
}

const sqlite: TestBackend = {
  engine: 'sqlite',
  skip: false,
  async create() {
    const dir = await mkdtemp(join(tmpdir(), 'quartet-test-'));
    return { url: join(dir, 'test.db'), drop: () => rm(dir, { recursive: true, force: true }) };
  },
};

/**
 * A fresh schema per database, selected through the URL's search path and
 * dropped afterwards, with any schema a service created beside it under the
 * convention `<schema>__<name>` (the sky's canon schemas).
 */
function postgres(baseUrl: string | undefined): TestBackend {
  return {
    engine: 'postgres',
    skip: baseUrl ? false : 'TEST_DATABASE_URL is not set',
    async create() {
      if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          const owned = await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)', [`${schema}__`]);
          for (const { nspname } of owned.rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set, reported as skipped otherwise. */
export function testBackends(): readonly TestBackend[] {
  return [sqlite, postgres(process.env.TEST_DATABASE_URL)];
}
