import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createHttpApp, httpErrors, methodRoutes } from '../src/index.ts';

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
