/** Seconds between delivery attempts (contract default); its length + 1 is the number of attempts. */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = Object.freeze([10, 30, 60, 300, 900, 1800, 3600, 7200, 14400, 28800]);

/** A `Retry-After` is honoured up to one hour (spec, "Limits"). */
export const RETRY_AFTER_CAP_SECONDS = 3600;

const SECONDS = /^(0|[1-9][0-9]{0,6})(\.[0-9]{1,3})?$/;

/**
 * `APP_RETRY_SCHEDULE`: comma-separated seconds (decimals allowed, for
 * example `0.5`); an empty text means a single attempt. Throws a sentence
 * saying what is expected.
 */
export function parseRetrySchedule(text: string): readonly number[] {
  if (text.trim() === '') return Object.freeze([]);
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 100 || parts.some((p) => !SECONDS.test(p) || Number(p) > 7 * 86400)) {
    throw new Error('expected up to 100 comma-separated numbers of seconds, each from 0 to 604800');
  }
  return Object.freeze(parts.map(Number));
}

/** A `Retry-After` (delta-seconds only); undefined when absent or not a whole number of seconds. */
export function parseRetryAfter(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[0-9]{1,10}\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The delay in milliseconds before the next attempt after failed attempt
 * number `attempts` (1-based), or undefined when that was the last allowed
 * attempt. A `Retry-After` replaces the scheduled delay, capped at one hour.
 */
export function retryDelay(schedule: readonly number[], attempts: number, retryAfterSeconds?: number): number | undefined {
  if (attempts > schedule.length) return undefined;
  const seconds = retryAfterSeconds === undefined ? schedule[attempts - 1]! : Math.min(retryAfterSeconds, RETRY_AFTER_CAP_SECONDS);
  return Math.round(seconds * 1000);
}
