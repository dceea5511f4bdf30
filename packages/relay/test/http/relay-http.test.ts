import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { encode } from 'cborg';
import { openDatabase } from '@quartet/common';
import { sendRawHttp, testBackends, type TestDatabase } from '@quartet/common/testing';
import { sql } from 'kysely';
import { formatCursor, startCursor, verifyPage } from '../../src/index.ts';
import { assertProblem, batch, bytes, RelayHarness, type Answer } from './relay-harness.ts';

const cursorOf = (seq: number, stream: Uint8Array, hash: Uint8Array) => formatCursor({ seq, stream, hash });
const pageOf = (answer: Answer) => ({
  stream: answer.message.get(0) as Uint8Array,
  epoch: answer.message.get(1) as number,
  head: answer.message.get(2) as number,
  entries: (answer.message.get(3) as Map<number, unknown>[]).map((e) => ({
    seq: e.get(0) as number,
    epoch: e.get(1) as number,
    hash: e.get(2) as Uint8Array,
    data: e.get(3) as Uint8Array,
  })),
});

for (const backend of testBackends()) {
  describe(`relay over HTTP on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let relay: RelayHarness;

    before(async () => {
      database = await backend.create();
      relay = await RelayHarness.start(database);
    });
    after(async () => {
      await relay?.close();
      await database?.drop();
    });

    describe('append', () => {
      it('creates a stream on a first batch without `stream`: Written with positions from 1', async () => {
        const answer = await relay.append('orders', batch(3, bytes('a', 'b', 'c')));
        assert.equal(answer.status, 200);
        assert.deepEqual([...answer.message.keys()], [0, 1, 2, 3]);
        assert.ok(answer.message.get(0) instanceof Uint8Array);
        assert.equal((answer.message.get(0) as Uint8Array).byteLength, 16);
        assert.equal(answer.message.get(1), 3);
        assert.equal(answer.message.get(2), 1);
        assert.equal(answer.message.get(3), 3);
      });

      it('appends after the head with and without `stream`, raising the epoch', async () => {
        const first = await relay.append('ledger', batch(1, bytes('a')));
        const id = first.message.get(0) as Uint8Array;
        const second = await relay.append('ledger', batch(1, bytes('b', 'c')));
        assert.deepEqual([second.message.get(2), second.message.get(3), second.message.get(1)], [2, 3, 1]);
        const third = await relay.append('ledger', batch(4, bytes('d'), id));
        assert.deepEqual([third.message.get(2), third.message.get(3), third.message.get(1)], [4, 4, 4]);
        assert.deepEqual(third.message.get(0), id);
        const page = pageOf(await relay.call('GET', '/v1/streams/ledger/entries'));
        assert.deepEqual(page.entries.map((e) => [e.seq, e.epoch, Buffer.from(e.data).toString()]), [[1, 1, 'a'], [2, 1, 'b'], [3, 1, 'c'], [4, 4, 'd']]);
        assert.equal(page.epoch, 4);
        verifyPage(page, undefined);
      });

      it('refuses a batch naming a stream when the name has none: stream_not_found, nothing created', async () => {
        assertProblem(await relay.append('ghost', batch(1, bytes('a'), new Uint8Array(16))), 404, 'stream_not_found');
        assertProblem(await relay.call('GET', '/v1/streams/ghost/entries'), 404, 'stream_not_found');
      });

      it('refuses a batch of another identity: stream_replaced', async () => {
        await relay.append('mine', batch(1, bytes('a')));
        assertProblem(await relay.append('mine', batch(1, bytes('b'), new Uint8Array(16).fill(1))), 409, 'stream_replaced');
      });

      it('refuses a batch in a lower epoch: epoch_behind with the stream epoch, nothing written', async () => {
        await relay.append('fenced', batch(7, bytes('a')));
        assertProblem(await relay.append('fenced', batch(6, bytes('b'))), 409, 'epoch_behind', { 3: 7 });
        assert.equal(pageOf(await relay.call('GET', '/v1/streams/fenced/entries')).head, 1);
      });

      it('accepts the largest epoch and empty entries', async () => {
        const answer = await relay.append('wide', batch(0xffffffff, [new Uint8Array(0)]));
        assert.equal(answer.status, 200);
        assert.equal(answer.message.get(1), 0xffffffff);
      });

      it('refuses hostile bodies with bad_request and keeps nothing of them', async () => {
        const bodies = [
          new Uint8Array(),
          Uint8Array.from([0xa2, 0x00, 0x01]),
          Uint8Array.from([...encode(batch(1, bytes('a'))), 0]),
          encode(batch(-1, bytes('a'))),
          encode(batch(2 ** 32, bytes('a'))),
          encode(new Map<number, unknown>([[0, 1], [1, []]])),
          encode(new Map<number, unknown>([[0, 1], [1, ['text']]])),
          encode(batch(1, bytes('a'), new Uint8Array(17))),
          encode([1, bytes('a')]),
        ];
        for (const body of bodies) assertProblem(await relay.call('POST', '/v1/streams/hostile/entries', { body }), 400, 'bad_request');
        assertProblem(await relay.call('GET', '/v1/streams/hostile/entries'), 404, 'stream_not_found');
      });

      it('refuses a batch not sent as application/cbor: unsupported_media_type', async () => {
        const body = encode(batch(1, bytes('a')));
        assertProblem(await relay.call('POST', '/v1/streams/typed/entries', { body, type: 'application/json' }), 415, 'unsupported_media_type');
        assertProblem(await relay.call('POST', '/v1/streams/typed/entries', { body, type: 'text/plain' }), 415, 'unsupported_media_type');
        assertProblem(await relay.call('POST', '/v1/streams/typed/entries', { body: '', type: null }), 415, 'unsupported_media_type');
        assert.equal((await relay.call('POST', '/v1/streams/typed/entries', { body, type: 'application/cbor; charset=binary' })).status, 200);
      });

      it('refuses a body over 16 MiB before decoding: too_large with the limit', async () => {
        const body = new Uint8Array(16 * 1024 * 1024 + 1);
        assertProblem(await relay.call('POST', '/v1/streams/big/entries', { body }), 413, 'too_large', { 4: 16777216 });
      });

      it('accepts a body of exactly 16 MiB', async () => {
        // A map header, key 0, epoch, key 1, one-element array, then a byte string filling the rest.
        const prefix = Uint8Array.from([0xa2, 0x00, 0x01, 0x01, 0x81, 0x5a]);
        const size = 16 * 1024 * 1024 - prefix.length - 4;
        const body = new Uint8Array(16 * 1024 * 1024);
        body.set(prefix);
        new DataView(body.buffer).setUint32(prefix.length, size);
        const answer = await relay.call('POST', '/v1/streams/exact/entries', { body });
        assert.equal(answer.status, 200);
        const page = pageOf(await relay.call('GET', '/v1/streams/exact/entries'));
        assert.equal(page.entries[0]!.data.byteLength, size);
      });
    });

    describe('names and paths', () => {
      const badNames = ['Upper', 'a'.repeat(65), '-lead', '.lead', '_lead', 'sp%20ace', 'a%2Fb', 'caf%C3%A9', 'a%00b'];
      for (const name of badNames) {
        it(`refuses the stream name ${JSON.stringify(name.slice(0, 20))}: bad_request`, async () => {
          assertProblem(await relay.call('GET', `/v1/streams/${name}/entries`), 400, 'bad_request');
          assertProblem(await relay.append(name, batch(1, bytes('a'))), 400, 'bad_request');
        });
      }

      it('accepts a name of 64 characters with digits, dots, dashes and underscores', async () => {
        const name = `0${'a.-_'.repeat(15)}abc`;
        assert.equal(name.length, 64);
        assert.equal((await relay.append(name, batch(1, bytes('a')))).status, 200);
      });

      it('answers paths it does not serve with not_found and other methods with method_not_allowed', async () => {
        assertProblem(await relay.call('GET', '/v1/streams'), 404, 'not_found');
        assertProblem(await relay.call('GET', '/v1/streams/a/entries/extra'), 404, 'not_found');
        assertProblem(await relay.call('GET', '/v1/../package.json'), 404, 'not_found');
        // The client's URL parser resolves %2e%2e before sending: /v1/entries is not served.
        assertProblem(await relay.call('GET', '/v1/streams/%2e%2e/entries'), 404, 'not_found');
        assertProblem(await relay.call('GET', '/v2/wait?watch=a'), 404, 'not_found');
        assertProblem(await relay.call('PUT', '/v1/streams/a/entries', { body: encode(batch(1, bytes('a'))) }), 405, 'method_not_allowed');
        assertProblem(await relay.call('GET', '/v1/streams/a'), 405, 'method_not_allowed');
        assertProblem(await relay.call('POST', '/v1/wait?watch=a'), 405, 'method_not_allowed');
      });

      it('answers /health with ok as text', async () => {
        const answer = await relay.call('GET', '/health');
        assert.equal(answer.status, 200);
        assert.equal(answer.raw.toString(), 'ok');
        assert.match(String(answer.headers['content-type']), /^text\/plain/);
      });
    });

    describe('read', () => {
      let id: Uint8Array;
      before(async () => {
        const first = await relay.append('book', batch(1, bytes('p1', 'p2', 'p3', 'p4', 'p5')));
        id = first.message.get(0) as Uint8Array;
      });

      it('reads from the start by default with the page fields and a valid chain', async () => {
        const answer = await relay.call('GET', '/v1/streams/book/entries');
        assert.equal(answer.status, 200);
        assert.deepEqual([...answer.message.keys()], [0, 1, 2, 3]);
        const page = pageOf(answer);
        assert.deepEqual(page.stream, id);
        assert.equal(page.head, 5);
        assert.deepEqual(page.entries.map((e) => e.seq), [1, 2, 3, 4, 5]);
        const entry = (answer.message.get(3) as Map<number, unknown>[])[0]!;
        assert.deepEqual([...entry.keys()], [0, 1, 2, 3]);
        verifyPage(page, undefined);
      });

      it('pages by limit and continues from the last entry cursor', async () => {
        const first = pageOf(await relay.call('GET', '/v1/streams/book/entries?limit=2'));
        assert.deepEqual(first.entries.map((e) => e.seq), [1, 2]);
        const cursor = verifyPage(first, undefined);
        const second = pageOf(await relay.call('GET', `/v1/streams/book/entries?limit=2&after=${formatCursor(cursor)}`));
        assert.deepEqual(second.entries.map((e) => e.seq), [3, 4]);
        verifyPage(second, cursor);
      });

      it('reads from the genesis cursor and answers an empty page at the head', async () => {
        const start = startCursor(id);
        const page = pageOf(await relay.call('GET', `/v1/streams/book/entries?after=${formatCursor(start)}`));
        assert.equal(page.entries.length, 5);
        const end = verifyPage(page, start);
        const empty = pageOf(await relay.call('GET', `/v1/streams/book/entries?after=${formatCursor(end)}`));
        assert.deepEqual(empty.entries, []);
        assert.equal(empty.head, 5);
      });

      it('refuses cursors: stream_replaced, cursor_ahead with head, cursor_diverged', async () => {
        const page = pageOf(await relay.call('GET', '/v1/streams/book/entries'));
        const last = page.entries[4]!;
        assertProblem(await relay.call('GET', `/v1/streams/book/entries?after=${cursorOf(5, new Uint8Array(16), last.hash)}`), 409, 'stream_replaced');
        assertProblem(await relay.call('GET', `/v1/streams/book/entries?after=${cursorOf(6, id, last.hash)}`), 409, 'cursor_ahead', { 2: 5 });
        assertProblem(await relay.call('GET', `/v1/streams/book/entries?after=${cursorOf(4, id, last.hash)}`), 409, 'cursor_diverged');
        assertProblem(await relay.call('GET', `/v1/streams/book/entries?after=${cursorOf(0, id, last.hash)}`), 409, 'cursor_diverged');
      });

      it('refuses bad query parameters: bad_request', async () => {
        const queries = [
          'limit=0',
          'limit=10001',
          'limit=99999999999999999999',
          'limit=1e3',
          'limit=01',
          'limit=-1',
          'limit=NaN',
          'limit=',
          'limit=1&limit=2',
          'after=1.x.y',
          `after=01.${'a'.repeat(32)}.${'b'.repeat(64)}`,
          'after=a&after=b',
          'unknown=1',
          'Limit=5',
        ];
        for (const query of queries) assertProblem(await relay.call('GET', `/v1/streams/book/entries?${query}`), 400, 'bad_request');
        assertProblem(await relay.call('POST', '/v1/streams/book/entries?x=1', { body: encode(batch(1, bytes('a'))) }), 400, 'bad_request');
      });

      it('accepts limit 10000 and 1', async () => {
        assert.equal(pageOf(await relay.call('GET', '/v1/streams/book/entries?limit=10000')).entries.length, 5);
        assert.equal(pageOf(await relay.call('GET', '/v1/streams/book/entries?limit=1')).entries.length, 1);
      });

      it('ends a page before 8 MiB of data but never answers an empty page', async () => {
        const three = new Uint8Array(3 * 1024 * 1024);
        await relay.append('large', batch(1, [three, three, three]));
        const nine = new Uint8Array(9 * 1024 * 1024);
        await relay.append('large', batch(1, [nine]));
        const first = pageOf(await relay.call('GET', '/v1/streams/large/entries'));
        assert.deepEqual(first.entries.map((e) => e.seq), [1, 2]);
        assert.equal(first.head, 4);
        const c1 = verifyPage(first, undefined);
        const second = pageOf(await relay.call('GET', `/v1/streams/large/entries?after=${formatCursor(c1)}`));
        assert.deepEqual(second.entries.map((e) => e.seq), [3]);
        const c2 = verifyPage(second, c1);
        const third = pageOf(await relay.call('GET', `/v1/streams/large/entries?after=${formatCursor(c2)}`));
        assert.deepEqual(third.entries.map((e) => e.seq), [4]);
        assert.equal(third.entries[0]!.data.byteLength, 9 * 1024 * 1024);
      });
    });

    describe('delete (contract addition)', () => {
      it('removes a stream; the next append creates a new incarnation; old identities are stream_replaced', async () => {
        const first = await relay.append('temp', batch(2, bytes('a', 'b')));
        const oldId = first.message.get(0) as Uint8Array;
        const oldPage = pageOf(await relay.call('GET', '/v1/streams/temp/entries'));
        const oldCursor = verifyPage(oldPage, undefined);

        const removed = await relay.call('DELETE', '/v1/streams/temp');
        assert.equal(removed.status, 200);
        assert.deepEqual(removed.message.get(0), oldId);
        assertProblem(await relay.call('DELETE', '/v1/streams/temp'), 404, 'stream_not_found');
        assertProblem(await relay.call('GET', '/v1/streams/temp/entries'), 404, 'stream_not_found');

        const again = await relay.append('temp', batch(0, bytes('c')));
        assert.equal(again.message.get(2), 1);
        assert.equal(again.message.get(1), 0);
        assert.notDeepEqual(again.message.get(0), oldId);
        assertProblem(await relay.call('GET', `/v1/streams/temp/entries?after=${formatCursor(oldCursor)}`), 409, 'stream_replaced');
        assertProblem(await relay.append('temp', batch(5, bytes('d'), oldId)), 409, 'stream_replaced');
      });
    });

    describe('wait', () => {
      const wait = (query: string) => relay.call('GET', `/v1/wait?${query}`);
      const heads = (answer: Answer) =>
        (answer.message.get(0) as Map<number, unknown>[]).map((h) => ({ name: h.get(0), id: h.get(1), head: h.get(2), keys: [...h.keys()] }));

      it('with timeout 0 only looks: lists streams with entries, not unknown names', async () => {
        await relay.append('seen', batch(1, bytes('a', 'b')));
        const answer = await wait('watch=seen&watch=never&timeout=0');
        assert.equal(answer.status, 200);
        assert.deepEqual([...answer.message.keys()], [0]);
        const [head, ...rest] = heads(answer);
        assert.equal(rest.length, 0);
        assert.equal(head!.name, 'seen');
        assert.equal(head!.head, 2);
        assert.equal((head!.id as Uint8Array).byteLength, 16);
      });

      it('answers as soon as a watched stream changes after the cursor', async () => {
        const created = await relay.append('live', batch(1, bytes('a')));
        const page = pageOf(await relay.call('GET', '/v1/streams/live/entries'));
        const cursor = formatCursor(verifyPage(page, undefined));
        const started = Date.now();
        const pending = wait(`watch=live:${cursor}&watch=other&timeout=30`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await relay.append('live', batch(1, bytes('b')));
        const answer = await pending;
        assert.ok(Date.now() - started < 5000);
        assert.deepEqual(heads(answer).map((h) => [h.name, h.head]), [['live', 2]]);
        assert.deepEqual(heads(answer)[0]!.id, created.message.get(0));
      });

      it('answers with every watched stream that differs, at once', async () => {
        await relay.append('multi-a', batch(1, bytes('a')));
        await relay.append('multi-b', batch(1, bytes('a')));
        const answer = await wait('watch=multi-a&watch=multi-b&watch=multi-c&timeout=5');
        assert.deepEqual(heads(answer).map((h) => h.name), ['multi-a', 'multi-b']);
      });

      it('a waiter without a cursor is woken when the stream first gets entries', async () => {
        const pending = wait('watch=born&timeout=30');
        await new Promise((resolve) => setTimeout(resolve, 100));
        await relay.append('born', batch(1, bytes('a')));
        assert.deepEqual(heads(await pending).map((h) => [h.name, h.head]), [['born', 1]]);
      });

      it('a stream that is gone differs from a cursor: head 0 and no id', async () => {
        await relay.append('doomed', batch(1, bytes('a')));
        const cursor = formatCursor(verifyPage(pageOf(await relay.call('GET', '/v1/streams/doomed/entries')), undefined));
        const pending = wait(`watch=doomed:${cursor}&timeout=30`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await relay.call('DELETE', '/v1/streams/doomed');
        const [head] = heads(await pending);
        assert.deepEqual(head, { name: 'doomed', id: undefined, head: 0, keys: [0, 2] });
      });

      it('answers an empty Heads record when the timeout runs out', async () => {
        const cursor = formatCursor(startCursor(new Uint8Array(16)));
        const started = Date.now();
        const answer = await wait(`watch=quiet&watch=gone:${cursor}x`.replace('x', '') + '&timeout=1');
        // `gone` with a cursor for a stream that does not exist differs at once.
        assert.deepEqual(heads(answer).map((h) => h.name), ['gone']);
        const idle = await wait('watch=quiet&timeout=1');
        assert.deepEqual(heads(idle), []);
        assert.ok(Date.now() - started >= 900);
      });

      it('accepts 64 watches and refuses 65', async () => {
        const watches = (n: number) => Array.from({ length: n }, (_, i) => `watch=w${i}`).join('&');
        assert.equal((await wait(`${watches(64)}&timeout=0`)).status, 200);
        assertProblem(await wait(`${watches(65)}&timeout=0`), 400, 'bad_request');
      });

      it('refuses bad wait parameters: bad_request', async () => {
        const queries = [
          '',
          'timeout=1',
          'watch=',
          'watch=Upper',
          `watch=${'a'.repeat(65)}`,
          'watch=a:',
          'watch=a:1.2.3',
          'watch=a&watch=a',
          'watch=a&timeout=61',
          'watch=a&timeout=-1',
          'watch=a&timeout=1.5',
          'watch=a&timeout=99999999999999999999',
          'watch=a&timeout=1&timeout=2',
          'watch=a&since=1',
        ];
        for (const query of queries) assertProblem(await wait(query), 400, 'bad_request');
      });
    });

    describe('concurrency', () => {
      it('many concurrent writers to one stream: positions unique and consecutive, chain valid', async () => {
        const writers = 16;
        const batches = 8;
        const results = await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            const written: [number, number][] = [];
            for (let b = 0; b < batches; b++) {
              const answer = await relay.append('busy', batch(1, bytes(`w${w}b${b}e0`, `w${w}b${b}e1`, `w${w}b${b}e2`)));
              assert.equal(answer.status, 200);
              written.push([answer.message.get(2) as number, answer.message.get(3) as number]);
            }
            return written;
          }),
        );
        const positions = results.flat().flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i));
        assert.deepEqual(positions.sort((a, b) => a - b), Array.from({ length: writers * batches * 3 }, (_, i) => i + 1));
        const page = pageOf(await relay.call('GET', '/v1/streams/busy/entries?limit=10000'));
        assert.equal(page.entries.length, writers * batches * 3);
        verifyPage(page, undefined);
        // All or nothing, in listed order: each batch's entries are consecutive.
        for (const [first] of results.flat()) {
          const names = page.entries.slice(first - 1, first + 2).map((e) => Buffer.from(e.data).toString());
          assert.match(names.join(','), /^(w\d+b\d+)e0,\1e1,\1e2$/);
        }
      });
    });

    describe('internal failures', () => {
      it('answers internal without leaking SQL or paths when storage fails', async () => {
        await relay.append('fragile', batch(1, bytes('a')));
        const other = await openDatabase<unknown>(database.url);
        await sql`DROP TABLE relay_chunks`.execute(other.kysely);
        await other.close();
        const answer = await relay.append('fragile', batch(1, bytes('b')));
        assertProblem(answer, 500, 'internal');
        assert.doesNotMatch(answer.raw.toString('latin1'), /relay_chunks|INSERT|SELECT|\/tmp|\.ts/);
      });
    });
  });
}

describe('relay with RELAY_TOKEN', () => {
  const [sqlite] = testBackends();
  let database: TestDatabase;
  let relay: RelayHarness;
  before(async () => {
    database = await sqlite!.create();
    relay = await RelayHarness.start(database, 's3cret');
  });
  after(async () => {
    await relay?.close();
    await database?.drop();
  });

  it('refuses /v1 without the bearer token: unauthorized', async () => {
    assertProblem(await relay.call('GET', '/v1/wait?watch=a&timeout=0'), 401, 'unauthorized');
    assertProblem(await relay.call('GET', '/v1/wait?watch=a&timeout=0', { headers: { authorization: 'Bearer wrong' } }), 401, 'unauthorized');
    assertProblem(await relay.call('GET', '/v1/wait?watch=a&timeout=0', { headers: { authorization: 's3cret' } }), 401, 'unauthorized');
    assertProblem(await relay.append('a', batch(1, bytes('a'))), 401, 'unauthorized');
  });

  it('accepts the token and never asks it of /health', async () => {
    const ok = await relay.call('GET', '/v1/wait?watch=a&timeout=0', { headers: { authorization: 'Bearer s3cret' } });
    assert.equal(ok.status, 200);
    assert.equal((await relay.call('GET', '/health')).status, 200);
  });
});

describe('relay body reading', () => {
  const [sqlite] = testBackends();
  let database: TestDatabase;
  let relay: RelayHarness;
  before(async () => {
    database = await sqlite!.create();
    relay = await RelayHarness.start(database);
  });
  after(async () => {
    await relay?.close();
    await database?.drop();
  });

  async function postChunks(chunks: AsyncIterable<Uint8Array>): Promise<Map<number, unknown> & { status?: number }> {
    const { request } = await import('undici');
    const response = await request(`${relay.base}/v1/streams/chunked/entries`, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body: Readable.from(chunks) });
    const message = (await import('cborg')).decode(new Uint8Array(await response.body.arrayBuffer()), { useMaps: true }) as Map<number, unknown>;
    return Object.assign(message, { status: response.statusCode });
  }

  it('decodes a body that arrives in small chunks without a length', async () => {
    const body = encode(batch(1, bytes('split', 'across', 'chunks')));
    const answer = await postChunks(
      (async function* () {
        for (let i = 0; i < body.length; i += 3) {
          yield body.slice(i, i + 3);
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })(),
    );
    assert.equal(answer.status, 200);
    assert.equal(answer.get(3), 3);
  });

  it('stops reading a chunked body once it passes 16 MiB: too_large', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const answer = await postChunks(
      (async function* () {
        for (let i = 0; i < 20; i++) yield chunk;
      })(),
    );
    assert.equal(answer.status, 413);
    assert.equal(answer.get(0), 'too_large');
    assert.equal(answer.get(4), 16777216);
    // Nothing of the refused body was kept.
    const page = await relay.call('GET', '/v1/streams/chunked/entries');
    assert.equal(page.message.get(2), 3);
  });

  it('answers bytes that are not HTTP with a CBOR Problem bad_request, and a 17 KiB head with 431', async () => {
    for (const [bytes, status, message] of [
      ['POST /v1/streams/x/entries HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n', 400, 'The request is not valid HTTP/1.1.'],
      [`GET /v1/streams/x/entries HTTP/1.1\r\nHost: t\r\nX: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 431, 'The request head is over 16 KiB.'],
    ] as const) {
      const text = await sendRawHttp(relay.base, bytes);
      const bodyAt = text.indexOf('\r\n\r\n') + 4;
      assert.match(text, new RegExp(`^HTTP/1\\.1 ${status} `));
      assert.match(text.slice(0, bodyAt), /^content-type: application\/cbor\r$/m);
      const problem = (await import('cborg')).decode(Buffer.from(text.slice(bodyAt), 'latin1'), { useMaps: true }) as Map<number, unknown>;
      assert.deepEqual([...problem], [[0, 'bad_request'], [1, message]]);
    }
  });
});
