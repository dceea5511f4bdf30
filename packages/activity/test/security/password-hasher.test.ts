import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PasswordHasher } from '../../src/security/password-hasher.ts';
import { isSessionId, newSessionId, sessionIdHash } from '../../src/security/session-token.ts';

describe('password hashing (argon2id)', () => {
  const hasher = new PasswordHasher();

  it('stores an argon2id PHC string with a fresh salt, never the password', async () => {
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    assert.match(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    assert.notEqual(a, b);
    assert.ok(!a.includes('correct'));
  });

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('correct horse');
    assert.equal(await hasher.verify('correct horse', stored), true);
    assert.equal(await hasher.verify('correct horsE', stored), false);
    assert.equal(await hasher.verify('', stored), false);
  });

  it('refuses without a stored hash or with a damaged one, after the same derivation', async () => {
    assert.equal(await hasher.verify('anything', undefined), false);
    assert.equal(await hasher.verify('anything', null), false);
    assert.equal(await hasher.verify('anything', '$argon2id$garbage'), false);
    assert.equal(await hasher.verify('anything', 'plain text password'), false);
  });

  it('checks hashes made with other parameters', async () => {
    const light = new PasswordHasher({ memory: 1024, passes: 1, parallelism: 1 });
    const stored = await light.hash('pw');
    assert.match(stored, /m=1024,t=1,p=1/);
    assert.equal(await hasher.verify('pw', stored), true);
  });
});

describe('session ids', () => {
  it('are 256 random bits, stored as their SHA-256', () => {
    const id = newSessionId();
    assert.equal(isSessionId(id), true);
    assert.notEqual(newSessionId(), id);
    assert.match(sessionIdHash(id), /^[0-9a-f]{64}$/);
    assert.equal(sessionIdHash('x'.repeat(43)), sessionIdHash('x'.repeat(43)));
    for (const forged of ['', 'abc', 'x'.repeat(44), `${'x'.repeat(42)}=`, `${'x'.repeat(42)};`]) assert.equal(isSessionId(forged), false, forged);
  });
});
