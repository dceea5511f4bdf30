import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createHttpApp, httpErrors, methodRoutes } from '../src/index.ts';
import { sendRawHttp } from '../src/testing/index.ts';

/** Splits a raw answer into its status line, lowercased header names and values, and body. */
function parseAnswer(text: string): { status: string; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  return { status, headers: Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])), body };
}

describe('shared HTTP conventions', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...chunk.toString().trim().split('\n')), done()) });
    app = createHttpApp({ logger: pino({ level: 'info' }, sink), bodyLimit: 64 });
    methodRoutes(app, '/things/:id', {
      GET: async (request) => ({ id: (request.params as { id: string }).id }),
      POST: async () => ({ ok: true }),
    });
    methodRoutes(app, '/boom', {
      GET: async () => {
        throw new Error('SELECT secret FROM table at /etc/passwd');
      },
    });
    methodRoutes(app, '/refuse', {
      GET: async () => {
        throw httpErrors.forbidden('Only administrators may do that.');
      },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  it('answers an unknown path with 404 not_found as JSON', async () => {
    const res = await fetch(`${base}/nowhere`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await res.json(), { error: 'not_found', message: 'Nothing is served at this path.' });
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await fetch(`${base}/things/1`, { method: 'DELETE' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD, POST');
    assert.equal(((await res.json()) as { error: string }).error, 'method_not_allowed');
  });

  it('answers a coded refusal with its status and code', async () => {
    const res = await fetch(`${base}/refuse`);
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), { error: 'forbidden', message: 'Only administrators may do that.' });
  });

  it('hides internals of an unexpected failure', async () => {
    const res = await fetch(`${base}/boom`);
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { error: 'internal', message: 'Something failed on the server side.' });
    assert.doesNotMatch(text, /SELECT|passwd|at /);
  });

  it('refuses an oversized body with 413 and a malformed one with 400', async () => {
    const big = await fetch(`${base}/things/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 'y'.repeat(100) }) });
    assert.equal(big.status, 413);
    assert.equal(((await big.json()) as { error: string }).error, 'too_large');
    const broken = await fetch(`${base}/things/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":' });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { error: string }).error, 'bad_request');
  });

  const notHttp: [string, string, string, string][] = [
    ['a lowercase method', 'get /things/1 HTTP/1.1\r\nHost: t\r\n\r\n', 'HTTP/1.1 400 Bad Request', 'The request is not valid HTTP/1.1.'],
    ['chunked and Content-Length', 'POST /things/1 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n', 'HTTP/1.1 400 Bad Request', 'The request is not valid HTTP/1.1.'],
    ['a NUL in a header', 'GET /things/1 HTTP/1.1\r\nHost: t\r\nX: a\0b\r\n\r\n', 'HTTP/1.1 400 Bad Request', 'The request is not valid HTTP/1.1.'],
    ['garbage', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n', 'HTTP/1.1 400 Bad Request', 'The request is not valid HTTP/1.1.'],
    ['a head over 16 KiB', `GET /things/1 HTTP/1.1\r\nHost: t\r\nX: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 'HTTP/1.1 431 Request Header Fields Too Large', 'The request head is over 16 KiB.'],
  ];
  for (const [name, bytes, status, message] of notHttp) {
    it(`answers bytes that are not HTTP (${name}) with the service's error body and closes`, async () => {
      const answer = parseAnswer(await sendRawHttp(base, Buffer.from(bytes, 'latin1')));
      assert.equal(answer.status, status);
      assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(answer.headers.connection, 'close');
      assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(answer.body));
      assert.deepEqual(JSON.parse(answer.body), { error: 'bad_request', message });
    });
  }

  it('refuses an HTTP/1.1 request without Host with the error body, and takes HTTP/1.0 without it', async () => {
    const refused = parseAnswer(await sendRawHttp(base, 'GET /things/1 HTTP/1.1\r\nConnection: close\r\n\r\n'));
    assert.equal(refused.status, 'HTTP/1.1 400 Bad Request');
    assert.deepEqual(JSON.parse(refused.body), { error: 'bad_request', message: 'An HTTP/1.1 request needs a Host header.' });
    const old = parseAnswer(await sendRawHttp(base, 'GET /things/1 HTTP/1.0\r\n\r\n'));
    assert.equal(old.status, 'HTTP/1.1 200 OK');
    assert.deepEqual(JSON.parse(old.body), { id: '1' });
  });

  it('writes nothing after an answer already sent on the connection, and closes', async () => {
    const text = await sendRawHttp(base, 'GET /things/1 HTTP/1.1\r\nHost: t\r\n\r\nget /things/2 HTTP/1.1\r\n\r\n');
    assert.equal([...text.matchAll(/^HTTP\/1\.1 /gm)].length, 1, text);
  });

  it('writes one JSON log line per request with method, path, status and duration', async () => {
    lines.length = 0;
    await (await fetch(`${base}/things/7?x=1`)).text();
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.equal(requestLines.length, 1);
    const [line] = requestLines;
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/things/7');
    assert.equal(line.status, 200);
    assert.equal(typeof line.duration_ms, 'number');
  });
});
