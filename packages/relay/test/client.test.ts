import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends, type TestDatabase } from '@quartet/common/testing';
import { ChainError, genesis, link, RelayClient, RelayError, startCursor, verifyPage } from '../src/index.ts';
import { RelayHarness } from './http/relay-harness.ts';

const id = new Uint8Array(16).fill(3);
const data = [new Uint8Array([1]), new Uint8Array([2])];
const h1 = link(genesis(id), 1, 1, data[0]!);
const h2 = link(h1, 2, 1, data[1]!);
const good = { stream: id, epoch: 1, head: 2, entries: [{ seq: 1, epoch: 1, hash: h1, data: data[0]! }, { seq: 2, epoch: 1, hash: h2, data: data[1]! }] };

describe('client chain verification', () => {
  it('accepts a page that chains from genesis and returns the cursor after it', () => {
    const cursor = verifyPage(good, undefined);
    assert.equal(cursor.seq, 2);
    assert.deepEqual(Buffer.from(cursor.hash), h2);
  });

  const tampered = [
    ['altered data', { ...good, entries: [good.entries[0]!, { ...good.entries[1]!, data: new Uint8Array([9]) }] }, undefined],
    ['altered epoch', { ...good, entries: [{ ...good.entries[0]!, epoch: 2 }, good.entries[1]!] }, undefined],
    ['a gap', { ...good, entries: [good.entries[1]!] }, undefined],
    ['another stream than the cursor', good, startCursor(new Uint8Array(16))],
    ['a page that does not start at the cursor', good, { seq: 1, stream: id, hash: h1 }],
    ['an empty page while entries exist', { ...good, entries: [] }, undefined],
    ['entries past the head', { ...good, head: 1 }, undefined],
  ] as const;
  for (const [why, page, cursor] of tampered) {
    it(`refuses ${why}`, () => assert.throws(() => verifyPage(page, cursor), ChainError));
  }
});

describe('client against a relay', () => {
  const [sqlite] = testBackends();
  let database: TestDatabase;
  let relay: RelayHarness;
  let client: RelayClient;
  before(async () => {
    database = await sqlite!.create();
    relay = await RelayHarness.start(database);
    client = new RelayClient(relay.base);
  });
  after(async () => {
    await client?.close();
    await relay?.close();
    await database?.drop();
  });

  it('keeps the Problem record of a refusal', async () => {
    await client.append('c1', { epoch: 3, entries: data });
    await assert.rejects(client.append('c1', { epoch: 2, entries: data }), (e: unknown) => e instanceof RelayError && e.status === 409 && e.code === 'epoch_behind' && e.epoch === 3);
    await assert.rejects(client.read('c1', { after: { seq: 9, stream: (await client.read('c1')).stream, hash: h1 } }), (e: unknown) => e instanceof RelayError && e.code === 'cursor_ahead' && e.head === 2);
  });

  it('follows a stream: what exists, then what arrives, created later included', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const following = (async () => {
      for await (const entry of client.follow('c2', { signal: controller.signal, waitSeconds: 5 })) {
        seen.push(entry.seq);
        if (seen.length === 5) controller.abort();
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const first = await client.append('c2', { epoch: 1, entries: data });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.append('c2', { epoch: 1, entries: [...data, data[0]!], stream: first.stream });
    await following;
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  });
});
