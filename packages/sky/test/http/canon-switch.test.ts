import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { runProgramProcess, startServer, testBackends } from '@quartet/common/testing';
import { SMALL_CANON } from './sky-harness.ts';

async function renamedCanon(dir: string): Promise<string> {
  const canon = join(dir, 'renamed');
  await cp(SMALL_CANON, canon, { recursive: true });
  const path = join(canon, 'artists.jsonl');
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace('"Björk"', '"Björk Guðmundsdóttir"').replace('"Sigur Rós"', '"Sigur Rós (band)"'));
  return canon;
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const backend of testBackends()) {
  describe(`canon replacement on ${backend.engine}`, { skip: backend.skip }, () => {
    it('serves the old canon or the new one, never a mix, while an import replaces it', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sky-switch-'));
      const database = await backend.create();
      const env = { SKY_DATABASE_URL: database.url };
      try {
        assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON], { env })).code, 0);
        const server = await startServer('sky', [], env);
        try {
          const seen = new Set<string>();
          let reading = true;
          const reader = (async () => {
            while (reading) {
              const res = await fetch(`${server.url}/api/artists/2`);
              assert.equal(res.status, 200);
              const card = (await res.json()) as { name: string; similar: { id: number; name: string }[] };
              // The card's own name comes from one table, its neighbour's from another: both old or both new.
              seen.add(`${card.name} / ${card.similar.find((s) => s.id === 1)!.name}`);
            }
          })();
          assert.equal((await runProgramProcess('sky', ['import', await renamedCanon(dir)], { env })).code, 0);
          await waitFor(async () => ((await (await fetch(`${server.url}/api/artists/1`)).json()) as { name: string }).name === 'Björk Guðmundsdóttir', 10_000);
          reading = false;
          await reader;
          assert.deepEqual([...seen].sort(), ['Sigur Rós (band) / Björk Guðmundsdóttir', 'Sigur Rós / Björk']);
          const search = (await (await fetch(`${server.url}/api/search?q=gu%C3%B0munds`)).json()) as { stars: { id: number }[] };
          assert.deepEqual(search.stars.map((s) => s.id), [1], 'the search index switched with the tables');
        } finally {
          assert.equal(await server.stop(), 0);
        }
      } finally {
        await database.drop();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}

describe('a sky without a canon', () => {
  it('answers 503 (unavailable, degraded health) until a canon is imported, then serves it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-empty-'));
    const path = join(dir, 'sky.db');
    try {
      const server = await startServer('sky', ['--database', path]);
      try {
        const search = await fetch(`${server.url}/api/search?q=bjork`);
        assert.equal(search.status, 503);
        assert.equal(((await search.json()) as { error: string }).error, 'unavailable');
        assert.equal((await fetch(`${server.url}/api/health`)).status, 503);
        assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', path])).code, 0);
        await waitFor(async () => (await fetch(`${server.url}/api/search?q=bjork`)).status === 200, 10_000);
        assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a canon of another format', () => {
  it('is not served (503, an error logged once that says to import again) until it is imported again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-format-'));
    const path = join(dir, 'sky.db');
    try {
      assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', path])).code, 0);
      const db = new DatabaseSync(path);
      db.exec("UPDATE sky_meta SET value = '1' WHERE key = 'format'");
      db.close();
      const server = await startServer('sky', ['--database', path]);
      try {
        const card = await fetch(`${server.url}/api/artists/1`);
        assert.equal(card.status, 503);
        assert.equal(((await card.json()) as { error: string }).error, 'unavailable');
        await new Promise((resolve) => setTimeout(resolve, 4500));
        const refusals = server.output().split('\n').filter((line) => line.includes('run `sky import` again'));
        assert.equal(refusals.length, 1, 'logged once, not at every check');
        assert.match(refusals[0]!, /"level":"error".*"msg":"the canon has format 1 and this server reads format 2: run `sky import` again"/);
        assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', path])).code, 0);
        await waitFor(async () => (await fetch(`${server.url}/api/artists/1`)).status === 200, 10_000);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('health when the database is unreachable', () => {
  it('SQLite: answers 503 degraded while the canon file is gone, ok again once it is back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sky-health-'));
    const path = join(dir, 'sky.db');
    try {
      assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', path])).code, 0);
      const server = await startServer('sky', ['--database', path]);
      try {
        const health = async () => {
          const res = await fetch(`${server.url}/api/health`);
          return { status: res.status, body: await res.json() };
        };
        assert.deepEqual(await health(), { status: 200, body: { status: 'ok', version: '0.1.0', database: 'ok' } });
        await rename(path, `${path}.away`);
        assert.deepEqual(await health(), { status: 503, body: { status: 'degraded', version: '0.1.0', database: 'unreachable' } });
        await rename(`${path}.away`, path);
        assert.equal((await health()).status, 200);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const postgres = testBackends().find((b) => b.engine === 'postgres')!;
  it('PostgreSQL: answers 503 degraded when the server cannot be reached', { skip: postgres.skip }, async () => {
    const database = await postgres.create();
    const target = new URL(database.url);
    // A proxy between the sky and PostgreSQL that the test can cut.
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop);
      upstream.on('error', drop);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const viaProxy = new URL(database.url);
    viaProxy.port = String((proxy.address() as { port: number }).port);
    try {
      assert.equal((await runProgramProcess('sky', ['import', SMALL_CANON, '--database', database.url])).code, 0);
      const server = await startServer('sky', ['--database', viaProxy.toString()]);
      try {
        assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
        proxy.close();
        for (const socket of sockets) socket.destroy();
        const res = await fetch(`${server.url}/api/health`);
        assert.equal(res.status, 503);
        assert.deepEqual(await res.json(), { status: 'degraded', version: '0.1.0', database: 'unreachable' });
        const card = await fetch(`${server.url}/api/artists/1`);
        assert.equal(card.status, 500);
        assert.doesNotMatch(await card.text(), /ECONN|select|5432/i);
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
