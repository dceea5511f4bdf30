import type { ServedFile } from './item-files.ts';
import { fileHeaders } from './tree-paths.ts';

// The bytes the fast path writes for a tree file: the same status line and
// headers Fastify sends for it, prepared once per file, shape and second.

/** What varies between answers for one file. */
export interface AnswerShape {
  readonly notModified: boolean;
  readonly head: boolean;
  readonly close: boolean;
}

export interface Answer {
  /** The status line and headers, with the body too when it is small. */
  readonly bytes: Buffer;
  /** A large body, written after `bytes`. */
  readonly body: Buffer | undefined;
}

/** Bodies up to this size are copied behind their head once a second, so an answer is one write. */
const INLINE_BODY_BYTES = 16 * 1024;

/** The answers of one file built in the current second, indexed by shape. */
interface PreparedAnswers {
  readonly date: string;
  readonly cacheControl: string;
  readonly keepAliveMs: number;
  readonly answers: (Answer | undefined)[];
}

const preparedAnswers = new WeakMap<ServedFile, PreparedAnswers>();

/** The answer to a request for `file`, built once per file, shape and second (the `Date` header changes each second). */
export function answerOf(file: ServedFile, cacheControl: string, shape: AnswerShape, keepAliveMs: number): Answer {
  const date = httpDate();
  let prepared = preparedAnswers.get(file);
  if (prepared?.date !== date || prepared.cacheControl !== cacheControl || prepared.keepAliveMs !== keepAliveMs) {
    prepared = { date, cacheControl, keepAliveMs, answers: [] };
    preparedAnswers.set(file, prepared);
  }
  const index = (shape.notModified ? 1 : 0) + (shape.head ? 2 : 0) + (shape.close ? 4 : 0);
  return (prepared.answers[index] ??= buildAnswer(file, prepared, shape));
}

function buildAnswer(file: ServedFile, prepared: PreparedAnswers, shape: AnswerShape): Answer {
  const status = shape.notModified ? 'HTTP/1.1 304 Not Modified\r\n' : 'HTTP/1.1 200 OK\r\n';
  const own = Object.entries(fileHeaders(file, prepared.cacheControl))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const connection = shape.close ? 'Connection: close\r\n' : `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(prepared.keepAliveMs / 1000)}\r\n`;
  const head = Buffer.from(`${status}${own}${contentLength(file, shape)}Date: ${prepared.date}\r\n${connection}\r\n`, 'latin1');
  if (shape.notModified || shape.head) return { bytes: head, body: undefined };
  return file.body.length <= INLINE_BODY_BYTES ? { bytes: Buffer.concat([head, file.body]), body: undefined } : { bytes: head, body: file.body };
}

/** As Fastify sends it: the file's length, none on a 304, except `0` on a 304 to HEAD (Fastify's HEAD route sets it). */
function contentLength(file: ServedFile, shape: AnswerShape): string {
  if (!shape.notModified) return `content-length: ${file.body.length}\r\n`;
  return shape.head ? 'content-length: 0\r\n' : '';
}

let dateText = '';
let dateUntil = 0;

/** The `Date` header value, formatted once per second as Node does. */
function httpDate(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateText = new Date(now).toUTCString();
    dateUntil = now - (now % 1000) + 1000;
  }
  return dateText;
}
