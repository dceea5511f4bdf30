/**
 * The signal route's `day`: a real calendar date written exactly
 * YYYY-MM-DD (ISO 8601 calendar date, proleptic Gregorian calendar, so
 * years 0000 to 9999 and 0000 is a leap year). Nothing else is accepted: no
 * spaces, no single-digit month or day, no time part.
 */
const DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The day as given when it is a real date, else undefined. */
export function parseDay(text: string): string | undefined {
  if (typeof text !== 'string') return undefined;
  const match = DAY.exec(text);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return text;
}
