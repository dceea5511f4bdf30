/** Contract: 10 failures for one email or one client address within 15 minutes. */
export const LOGIN_THROTTLE = Object.freeze({ failures: 10, windowMs: 15 * 60_000 });

export type ThrottleDecision = { readonly blocked: false } | { readonly blocked: true; readonly retryAfterSeconds: number };

/**
 * Given the failure times of one key (email or address), whether a login is
 * refused now and for how long: until fewer than the limit remain in the window.
 */
export function throttleDecision(failures: readonly number[], now: number, limits = LOGIN_THROTTLE): ThrottleDecision {
  const recent = failures.filter((at) => at > now - limits.windowMs && at <= now).sort((a, b) => a - b);
  if (recent.length < limits.failures) return { blocked: false };
  // The window must lose enough failures for fewer than the limit to remain.
  const freeAt = recent[recent.length - limits.failures]! + limits.windowMs;
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

/** The strictest decision over several keys. */
export function combineDecisions(decisions: readonly ThrottleDecision[]): ThrottleDecision {
  let worst: ThrottleDecision = { blocked: false };
  for (const d of decisions) if (d.blocked && (!worst.blocked || d.retryAfterSeconds > worst.retryAfterSeconds)) worst = d;
  return worst;
}
