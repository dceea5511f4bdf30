import { createHash, randomBytes } from 'node:crypto';

/** A session id: 32 random bytes, base64url (43 characters). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

/** What the database keeps instead of the id: its SHA-256, hex. */
export function sessionIdHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** A bearer token's SHA-256, for comparing tokens without comparing their text. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
