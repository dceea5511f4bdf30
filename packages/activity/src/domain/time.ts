/** Milliseconds since the Unix epoch; injected everywhere so tests can move time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * An ISO 8601 timestamp with a zone (`Z` or `+hh:mm`), as milliseconds;
 * undefined for anything else (no local times, no out-of-range fields).
 */
export function parseTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (!validCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  let offset = 0;
  if (m[8] !== 'Z') {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return undefined;
    offset = (oh * 60 + om) * (m[9] === '-' ? -1 : 1);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
}

/** A calendar date `YYYY-MM-DD`; undefined when it is not a real day. */
export function parseDate(text: string): string | undefined {
  const m = DATE.exec(text);
  if (m === null || !validCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  return text;
}

/** Midnight UTC of a valid `YYYY-MM-DD`, in milliseconds. */
export function dateStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The one spelling of a timestamp in answers and payloads: ISO 8601 UTC with milliseconds. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

export function formatOptionalTimestamp(ms: number | null): string | null {
  return ms === null ? null : formatTimestamp(ms);
}
