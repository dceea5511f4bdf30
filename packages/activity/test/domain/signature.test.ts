import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signatureHeader, signatureHex, verifySignature } from '../../src/domain/signature.ts';

// Known answers computed independently (Python's hmac module).
const vectors = [
  { secret: 'whsec_test', t: 1700000000, body: '{"version":1,"id":"x"}', hex: '985942b5dbdb51b811fdfb53d95cb74e17da5bb754bcf00f6df37c044eff242f' },
  { secret: 'key', t: 0, body: '', hex: '85841b4efc3cd7776c3c8f9b7cca9e281c550e5d19889d78e9e669c6337f000d' },
  { secret: 'sécret', t: 1, body: '{"name":"Jürgen"}', hex: '874aa9fae1bd028aeda572a30a5a6eef933bc5dabad4df34352a4d43847fdb03' },
] as const;

describe('webhook signature', () => {
  for (const v of vectors) {
    it(`signs <t>.<body> with HMAC-SHA256 (t=${v.t}, ${v.body.length} bytes)`, () => {
      assert.equal(signatureHex(v.secret, v.t, v.body), v.hex);
      assert.equal(signatureHeader(v.secret, v.t, v.body), `t=${v.t},sha256=${v.hex}`);
      assert.equal(verifySignature(`t=${v.t},sha256=${v.hex}`, Buffer.from(v.body), v.secret, v.t), true);
    });
  }

  const header = signatureHeader('whsec_test', 1700000000, '{"a":1}');
  const refused: [string, string | undefined, string, string, number][] = [
    ['a re-serialized body', header, '{"a": 1}', 'whsec_test', 1700000000],
    ['another secret', header, '{"a":1}', 'whsec_other', 1700000000],
    ['a t 301 s in the past', header, '{"a":1}', 'whsec_test', 1700000301],
    ['a t 301 s in the future', header, '{"a":1}', 'whsec_test', 1699999699],
    ['no header', undefined, '{"a":1}', 'whsec_test', 1700000000],
    ['uppercase hex', header.toUpperCase(), '{"a":1}', 'whsec_test', 1700000000],
    ['a header with extra parts', `${header},v=2`, '{"a":1}', 'whsec_test', 1700000000],
    ['a short digest', header.slice(0, -2), '{"a":1}', 'whsec_test', 1700000000],
    ['a tampered t', header.replace('t=1700000000', 't=1700000001'), '{"a":1}', 'whsec_test', 1700000000],
  ];
  for (const [why, h, body, secret, now] of refused) {
    it(`a receiver refuses ${why}`, () => assert.equal(verifySignature(h, body, secret, now), false));
  }

  it('accepts a t within 300 s either way', () => {
    assert.equal(verifySignature(header, '{"a":1}', 'whsec_test', 1700000300), true);
    assert.equal(verifySignature(header, '{"a":1}', 'whsec_test', 1699999700), true);
  });
});
