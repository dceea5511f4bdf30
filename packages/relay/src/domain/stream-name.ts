import { relayErrors } from '../errors.ts';

// 1 to 64 characters: lowercase letters, digits, '-', '_', '.'; first a letter or a digit.
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function isStreamName(value: string): boolean {
  return NAME.test(value);
}

export function parseStreamName(value: string): string {
  if (!isStreamName(value)) {
    throw relayErrors.bad_request('A stream name is 1 to 64 characters of a-z, 0-9, "-", "_" and ".", starting with a letter or a digit.');
  }
  return value;
}
