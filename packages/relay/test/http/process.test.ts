import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer, testBackends } from '@quartet/common/testing';
import { RelayClient, RelayError, type Written } from '../../src/index.ts';

const payload = (writer: number, n: number) => new Uint8Array(Buffer.from(`writer ${writer} batch ${n} `.padEnd(256, '.')));

for (const backend of testBackends()) {
  describe(`relay process on ${backend.engine}`, { skip: backend.skip }, () => {
    it('keeps every acknowledged append across SIGKILL under load, with a valid chain', async () => {
      const database = await backend.create();
      const env = { RELAY_DATABASE_URL: database.url };
      let server = await startServer('relay', [], env);
      const client = new RelayClient(server.url);
      const acknowledged: { written: Written; data: Uint8Array }[] = [];
      let stop = false;
      const writers = Array.from({ length: 6 }, async (_, w) => {
        for (let n = 0; !stop; n++) {
          try {
            const data = payload(w, n);
            acknowledged.push({ written: await client.append(`crash-${w % 3}`, { epoch: 1, entries: [data, data] }), data });
          } catch {
            return; // the process is gone
          }
        }
      });
      while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(await server.stop('SIGKILL'), 'SIGKILL');
      stop = true;
      await Promise.all(writers);
      await client.close();

      server = await startServer('relay', [], env);
      const reader = new RelayClient(server.url);
      try {
        const stored = new Map<string, Map<number, Buffer>>();
        for (let s = 0; s < 3; s++) {
          const entries = new Map<number, Buffer>();
          // readAll verifies every link from genesis and refuses a page that does not chain.
          for await (const entry of reader.readAll(`crash-${s}`, { limit: 500 })) {
            assert.equal(entry.seq, entries.size + 1);
            entries.set(entry.seq, Buffer.from(entry.data));
          }
          const page = await reader.read(`crash-${s}`, { limit: 1 });
          assert.equal(page.head, entries.size);
          stored.set(Buffer.from(page.stream).toString('hex'), entries);
        }
        // Every acknowledged batch is there, at the positions it was given.
        for (const { written, data } of acknowledged) {
          const entries = stored.get(Buffer.from(written.stream).toString('hex'));
          for (let seq = written.first; seq <= written.last; seq++) {
            assert.deepEqual(entries?.get(seq), Buffer.from(data), `acknowledged entry ${seq} missing after restart`);
          }
        }
      } finally {
        await reader.close();
        await server.stop();
        await database.drop();
      }
    });

    it('answers open waits with an empty Heads record on SIGTERM and exits 0', async () => {
      const database = await backend.create();
      const server = await startServer('relay', [], { RELAY_DATABASE_URL: database.url });
      const client = new RelayClient(server.url);
      try {
        const pending = client.wait([{ name: 'sleepy' }], 60);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const started = Date.now();
        const exit = server.stop('SIGTERM');
        assert.deepEqual(await pending, []);
        assert.ok(Date.now() - started < 5000);
        assert.equal(await exit, 0);
      } finally {
        await client.close();
        await database.drop();
      }
    });
  });
}

const postgres = testBackends().find((b) => b.engine === 'postgres')!;

describe('two relay processes on one PostgreSQL database', { skip: postgres.skip }, () => {
  it('an append on one wakes a waiter on the other, and writers on both share one chain', async () => {
    const database = await postgres.create();
    const env = { RELAY_DATABASE_URL: database.url };
    const [one, two] = await Promise.all([startServer('relay', [], env), startServer('relay', [], env)]);
    const a = new RelayClient(one.url);
    const b = new RelayClient(two.url);
    try {
      const first = await a.append('shared', { epoch: 1, entries: [new Uint8Array([1])] });
      const page = await b.read('shared');
      const waiting = b.wait([{ name: 'shared', cursor: page.cursor }], 30);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await a.append('shared', { epoch: 1, entries: [new Uint8Array([2])], stream: first.stream });
      const heads = await waiting;
      assert.ok(Date.now() - started < 2000, 'woken promptly');
      assert.deepEqual(heads.map((h) => [h.name, h.head]), [['shared', 2]]);

      // Concurrent writers through both processes: positions never repeat or skip.
      const results = await Promise.all(
        Array.from({ length: 12 }, async (_, w) => {
          const client = w % 2 === 0 ? a : b;
          const spans: Written[] = [];
          for (let n = 0; n < 10; n++) spans.push(await client.append('shared', { epoch: 1, entries: [new Uint8Array([w, n]), new Uint8Array([w, n])] }));
          return spans;
        }),
      );
      const positions = results.flat().flatMap((s) => [s.first, s.last]).sort((x, y) => x - y);
      assert.deepEqual(positions, Array.from({ length: 240 }, (_, i) => i + 3));
      let count = 0;
      for await (const entry of a.readAll('shared')) count = entry.seq;
      assert.equal(count, 242);

      // A new stream created concurrently from both processes gets one identity.
      const created = await Promise.all([a.append('race', { epoch: 1, entries: [new Uint8Array([1])] }), b.append('race', { epoch: 1, entries: [new Uint8Array([2])] })]);
      assert.deepEqual(Buffer.from(created[0].stream), Buffer.from(created[1].stream));
      assert.deepEqual(created.map((c) => c.first).sort(), [1, 2]);

      // Deleting on one process answers a cursor waiter on the other.
      const racePage = await b.read('race');
      const gone = b.wait([{ name: 'race', cursor: racePage.cursor }], 30);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await a.delete('race');
      assert.deepEqual(await gone, [{ name: 'race', id: undefined, head: 0 }]);
      await assert.rejects(b.read('race', { after: racePage.cursor }), (e: unknown) => e instanceof RelayError && e.code === 'stream_not_found');
    } finally {
      await a.close();
      await b.close();
      await one.stop();
      await two.stop();
      await database.drop();
    }
  });
});
