import { SESSION_LIFETIME_SECONDS } from '../domain/session-lifetime.ts';

export const SESSION_COOKIE = 'app_session';

/** The session cookie's value from a `Cookie` header (the first `app_session`), if any. */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `app_session=<id>; Path=/; HttpOnly; SameSite=Strict; Max-Age=1209600` and `Secure` unless turned off. */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_LIFETIME_SECONDS}${secure ? '; Secure' : ''}`;
}

/** The same cookie, emptied and expired: the browser drops it. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}
