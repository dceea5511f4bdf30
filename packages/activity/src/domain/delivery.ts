import { retryDelay } from './retry-schedule.ts';

/** Delivery states (spec, "States and transitions: Delivery"). */
export const DELIVERY_STATES = ['pending', 'delivered', 'abandoned'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What one attempt came to: an HTTP answer, or no answer at all. */
export type AttemptResult =
  | { readonly kind: 'answer'; readonly status: number; readonly retryAfterSeconds?: number | undefined }
  | { readonly kind: 'failure'; readonly error: string };

/** The spec's table: 2xx delivered; 4xx other than 408 and 429 abandoned; anything else retried. */
export function classifyStatus(status: number): 'delivered' | 'abandoned' | 'retry' {
  if (status >= 200 && status <= 299) return 'delivered';
  if (status >= 400 && status <= 499 && status !== 408 && status !== 429) return 'abandoned';
  return 'retry';
}

/** The fields a delivery row takes after an attempt. */
export interface AttemptOutcome {
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly deliveredAt: number | null;
  readonly abandonedAt: number | null;
  readonly lastStatus: number | null;
  /** Undefined: keep the error of an earlier attempt. */
  readonly lastError: string | undefined;
  readonly lastErrorAt: number | undefined;
}

/**
 * Applies one attempt's result to a pending delivery that had made
 * `attemptsBefore` attempts. Retries follow the schedule; a `Retry-After`
 * replaces the next delay; the last allowed failure abandons.
 */
export function afterAttempt(attemptsBefore: number, result: AttemptResult, schedule: readonly number[], now: number): AttemptOutcome {
  const attempts = attemptsBefore + 1;
  const lastStatus = result.kind === 'answer' ? result.status : null;
  if (result.kind === 'answer' && classifyStatus(result.status) === 'delivered') {
    return { state: 'delivered', attempts, nextAttemptAt: now, deliveredAt: now, abandonedAt: null, lastStatus, lastError: undefined, lastErrorAt: undefined };
  }
  const refused = result.kind === 'answer' && classifyStatus(result.status) === 'abandoned';
  const lastError = result.kind === 'failure' ? result.error : refused ? `the receiver refused the event with status ${result.status}` : `the receiver answered with status ${result.status}`;
  const delay = refused ? undefined : retryDelay(schedule, attempts, result.kind === 'answer' ? result.retryAfterSeconds : undefined);
  if (delay === undefined) {
    return { state: 'abandoned', attempts, nextAttemptAt: now, deliveredAt: null, abandonedAt: now, lastStatus, lastError, lastErrorAt: now };
  }
  return { state: 'pending', attempts, nextAttemptAt: now + delay, deliveredAt: null, abandonedAt: null, lastStatus, lastError, lastErrorAt: now };
}

/** How long a claimed delivery stays reserved for one process: twice the attempt time-out plus a second. */
export function leaseMillis(deliveryTimeoutMs: number): number {
  return 2 * deliveryTimeoutMs + 1000;
}
