/** Session lifetime (spec): 14 days, pushed out again on each use. */
export const SESSION_LIFETIME_SECONDS = 1_209_600;
const LIFETIME_MS = SESSION_LIFETIME_SECONDS * 1000;

/**
 * A use pushes the expiry out only when the last push is over a minute old,
 * so a busy session does not write on every request; the lifetime stays
 * within a minute of "14 days after the last use".
 */
export const EXTEND_GRANULARITY_MS = 60_000;

export function expiryFrom(now: number): number {
  return now + LIFETIME_MS;
}

export function isLive(session: { readonly expiresAt: number; readonly endedAt: number | null }, now: number): boolean {
  return session.endedAt === null && session.expiresAt > now;
}

export function shouldExtend(expiresAt: number, now: number): boolean {
  return expiryFrom(now) - expiresAt >= EXTEND_GRANULARITY_MS;
}
