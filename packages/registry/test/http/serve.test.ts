import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProgramProcess, startServer, type RunningServer } from '@quartet/common/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { runBuild } from '../../src/build/build-command.ts';
import { demoManifest, tempDir, writeTree } from '../fixtures.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the path exactly as written (no client-side normalisation of `..` or escapes), on a connection of its own. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('registry serve', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let server: RunningServer;
  const get = (path: string, headers?: Record<string, string>) => raw(server.url, 'GET', path, headers);

  before(async () => {
    dir = await tempDir();
    const tree = join(dir.path, 'public');
    assert.deepEqual(await runBuild({ manifestPath: demoManifest, outDir: tree, baseUrl: 'http://127.0.0.1:8083' }), []);
    await writeTree(dir.path, { 'secret.json': { secret: true }, 'package.json': { name: 'outside' } });
    await symlink(join(dir.path, 'secret.json'), join(tree, 'r', 'leak.json'));
    server = await startServer('registry', ['--dir', tree]);
  });
  after(async () => {
    await server?.stop();
    await dir?.remove();
  });

  it('serves a latest item as JSON with a strong ETag, no-cache and CORS', async () => {
    const res = await get('/r/button.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{43}"$/);
    assert.equal(JSON.parse(res.body).name, 'button');
  });

  it('serves a pinned snapshot as immutable', async () => {
    const res = await get('/r/v0.20/button.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(JSON.parse(res.body).registryDependencies, ['http://127.0.0.1:8083/r/v0.20/utils.json']);
  });

  it('answers 304 to a matching If-None-Match, also in a list or weak', async () => {
    const { headers } = await get('/r/v0.20/button.json');
    const etag = String(headers.etag);
    for (const value of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await get('/r/v0.20/button.json', { 'if-none-match': value });
      assert.equal(res.status, 304, value);
      assert.equal(res.body, '');
      assert.equal(res.headers.etag, etag);
    }
    assert.equal((await get('/r/v0.20/button.json', { 'if-none-match': '"stale"' })).status, 200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw(server.url, 'HEAD', '/r/index.json');
    assert.equal(res.status, 200);
    assert.equal(res.body, '');
    assert.ok(res.headers.etag);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('serves the index and the item schema', async () => {
    const index = JSON.parse((await get('/r/index.json')).body) as { name: string }[];
    assert.deepEqual(index.map((i) => i.name), ['utils', 'button', 'accent', 'starter']);
    const schema = await get('/schema/registry-item.json');
    assert.equal(schema.status, 200);
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(schema.body) as object);
    assert.equal(validate(JSON.parse((await get('/r/button.json')).body)), true);
  });

  const notFound = [
    '/r/missing.json',
    '/r/Button.json',
    '/r/button',
    '/r/button.JSON',
    '/r/.json',
    '/r/v0.20/missing.json',
    '/r/v0.21/button.json',
    '/r/v00.20/button.json',
    '/r/0.20/button.json',
    '/r/leak.json',
    '/r/../package.json',
    '/r/../../etc/passwd',
    '/r/%2e%2e/package.json',
    '/r/..%2fpackage.json',
    '/r/%2e%2e%2fpackage.json',
    '/r/%2E%2E%2F%2E%2E%2Fsecret.json',
    '/r/v0.20/..%2f..%2fsecret.json',
    '/r/v0.20/%2e%2e/secret.json',
    '/r/..%5csecret.json',
    '/r/button.json%00',
    '/secret.json',
    '/package.json',
    '/r/',
    '/r',
    '/',
    '/r/v0.20/nested/button.json',
  ];
  for (const path of notFound) {
    it(`answers ${path} with a JSON 404 and reads nothing outside the tree`, async () => {
      const res = await get(path);
      assert.equal(res.status, 404, res.body);
      assert.equal(JSON.parse(res.body).error, 'not_found');
      assert.doesNotMatch(res.body, /secret|outside/);
    });
  }

  it('is read-only: other methods are 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await raw(server.url, method, '/r/button.json');
      assert.equal(res.status, 405, method);
      assert.equal(JSON.parse(res.body).error, 'method_not_allowed');
    }
  });

  it('answers plain requests on the fast path, and through Fastify alone with REGISTRY_FAST_PATH=false', async () => {
    await get('/r/v0.20/utils.json');
    await server.waitForOutput(/"reqId":"fast-\d+","method":"GET","path":"\/r\/v0.20\/utils.json","status":200/);
    const plain = await startServer('registry', ['--dir', join(dir.path, 'public')], { REGISTRY_FAST_PATH: 'false' });
    try {
      const res = await raw(plain.url, 'GET', '/r/v0.20/utils.json');
      assert.equal(res.status, 200);
      const output = await plain.waitForOutput(/"reqId":"req-\d+","method":"GET","path":"\/r\/v0.20\/utils.json","status":200/);
      assert.doesNotMatch(output, /"reqId":"fast-/);
    } finally {
      await plain.stop();
    }
  });

  it('refuses a fast-path setting that is not true or false', async () => {
    for (const [args, env, shown] of [
      [['--fast-path', 'maybe'], {}, '--fast-path="maybe"'],
      [[], { REGISTRY_FAST_PATH: 'yes' }, 'REGISTRY_FAST_PATH="yes"'],
    ] as const) {
      const result = await runProgramProcess('registry', ['serve', '--port', '0', ...args], { env });
      assert.equal(result.code, 2);
      assert.match(result.stderr, new RegExp(`invalid setting ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: expected true or false`));
    }
  });
});
