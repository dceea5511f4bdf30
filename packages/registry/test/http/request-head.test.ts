import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_HEAD_BYTES, readSimpleRequest } from '../../src/http/request-head.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const head = (lines: string[]) => bytes(`${lines.join('\r\n')}\r\n\r\n`);

describe('readSimpleRequest', () => {
  it('reads a GET with its path, If-None-Match, keep-alive and the head length', () => {
    const request = head(['GET /r/v0.20/utils.json HTTP/1.1', 'Host: 127.0.0.1:8083', 'If-None-Match: "abc"', 'User-Agent: t']);
    assert.deepEqual(readSimpleRequest(request), { method: 'GET', path: '/r/v0.20/utils.json', ifNoneMatch: '"abc"', close: false, end: request.length });
  });

  it('reads a HEAD, header names in any case, optional whitespace around values and Connection: close', () => {
    const request = head(['HEAD /r/index.json HTTP/1.1', 'hOsT:t', 'IF-NONE-MATCH: \t W/"a", "b" \t', 'Connection: Close']);
    assert.deepEqual(readSimpleRequest(request), { method: 'HEAD', path: '/r/index.json', ifNoneMatch: 'W/"a", "b"', close: true, end: request.length });
  });

  it('reads only the first of pipelined requests', () => {
    const first = head(['GET /r/a.json HTTP/1.1', 'Host: t']);
    const both = Buffer.concat([first, head(['GET /r/b.json HTTP/1.1', 'Host: t'])]);
    assert.deepEqual(readSimpleRequest(both), { method: 'GET', path: '/r/a.json', ifNoneMatch: undefined, close: false, end: first.length });
  });

  it('accepts Connection: keep-alive and a head of exactly the size limit', () => {
    assert.equal(readSimpleRequest(head(['GET / HTTP/1.1', 'Host: t', 'Connection: keep-alive']))?.close, false);
    const filler = 'x'.repeat(MAX_HEAD_BYTES - 'GET / HTTP/1.1\r\nHost: t\r\nX: '.length);
    assert.equal(readSimpleRequest(head(['GET / HTTP/1.1', 'Host: t', `X: ${filler}`]))?.path, '/');
    assert.equal(readSimpleRequest(head(['GET / HTTP/1.1', 'Host: t', `X: ${filler}x`])), undefined);
  });

  // Every row is left to the full HTTP server, which answers or refuses it.
  const notSimple: [string, Buffer][] = [
    ['an incomplete head', bytes('GET /r/a.json HTTP/1.1\r\nHost: t\r\n')],
    ['an empty buffer', bytes('')],
    ['a body announced by Content-Length', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Content-Length: 0'])],
    ['a chunked body', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Transfer-Encoding: chunked'])],
    ['an upgrade', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Upgrade: websocket'])],
    ['Expect', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Expect: 100-continue'])],
    ['HTTP2-Settings', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'HTTP2-Settings: AAA'])],
    ['another Connection option', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Connection: upgrade'])],
    ['a Connection list', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Connection: keep-alive, close'])],
    ['POST', head(['POST /r/a.json HTTP/1.1', 'Host: t'])],
    ['OPTIONS *', head(['OPTIONS * HTTP/1.1', 'Host: t'])],
    ['a lowercase method', head(['get /r/a.json HTTP/1.1', 'Host: t'])],
    ['HTTP/1.0', head(['GET /r/a.json HTTP/1.0', 'Host: t'])],
    ['HTTP/2 preface', bytes('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')],
    ['two spaces in the request line', head(['GET  /r/a.json HTTP/1.1', 'Host: t'])],
    ['an absolute-form target', head(['GET http://t/r/a.json HTTP/1.1', 'Host: t'])],
    ['a query string', head(['GET /r/a.json?x=1 HTTP/1.1', 'Host: t'])],
    ['a percent-encoded path', head(['GET /r/%2e%2e/a.json HTTP/1.1', 'Host: t'])],
    ['a backslash in the path', head(['GET /r/..\\a.json HTTP/1.1', 'Host: t'])],
    ['no Host', head(['GET /r/a.json HTTP/1.1', 'Accept: */*'])],
    ['an empty Host', head(['GET /r/a.json HTTP/1.1', 'Host:'])],
    ['two Host headers', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Host: u'])],
    ['two If-None-Match headers', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'If-None-Match: "a"', 'If-None-Match: "b"'])],
    ['a folded header line', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'X-A: 1', ' 2'])],
    ['a space before the colon', head(['GET /r/a.json HTTP/1.1', 'Host : t'])],
    ['a header without a colon', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'Junk'])],
    ['a bare LF between headers', bytes('GET /r/a.json HTTP/1.1\r\nHost: t\nX: y\r\n\r\n')],
    ['bare LF line ends only', bytes('GET /r/a.json HTTP/1.1\nHost: t\n\n')],
    ['a bare CR in a value', bytes('GET /r/a.json HTTP/1.1\r\nHost: t\rX: y\r\n\r\n')],
    ['a NUL in a value', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'X: a\0b'])],
    ['a non-ASCII value', head(['GET /r/a.json HTTP/1.1', 'Host: t', 'X: caf\u00e9'])],
    ['more than 100 header lines', head(['GET /r/a.json HTTP/1.1', 'Host: t', ...Array.from({ length: 100 }, (_, i) => `X-${i}: y`)])],
    ['a head over the size limit without its end', bytes(`GET /r/a.json HTTP/1.1\r\nHost: t\r\nX: ${'y'.repeat(MAX_HEAD_BYTES)}`)],
  ];
  for (const [name, request] of notSimple) {
    it(`leaves ${name} to the full server`, () => {
      assert.equal(readSimpleRequest(request), undefined);
    });
  }
});
