/**
 * The one request shape the registry answers without Node's HTTP parser: a
 * complete HTTP/1.1 `GET` or `HEAD` head with a plain path, one `Host` and
 * no body. This reader only recognises; it never refuses. Anything outside
 * that shape, or anything it is not sure about (framing headers, folded or
 * non-ASCII lines, encoded paths, an incomplete head), is left to the full
 * HTTP server with its bytes untouched, so the full server stays the one
 * place where HTTP is judged.
 */
export interface SimpleRequest {
  readonly method: 'GET' | 'HEAD';
  /** Only unreserved characters and `/`: decoding it would change nothing. */
  readonly path: string;
  readonly ifNoneMatch: string | undefined;
  /** The client asked for `Connection: close`. */
  readonly close: boolean;
  /** Length of the head: the next request, when pipelined, starts there. */
  readonly end: number;
}

/** Node's default `maxHeaderSize`: a longer head is the full server's to refuse. */
export const MAX_HEAD_BYTES = 16 * 1024;
const MAX_HEADER_LINES = 100;

const HEAD_END = Buffer.from('\r\n\r\n');
// Visible ASCII, space, tab and line ends; a lone CR or LF fails the line patterns (`.` stops at both).
const HEAD_BYTES = /^[\x20-\x7e\t\r\n]*$/;
const REQUEST_LINE = /^(GET|HEAD) (\/[A-Za-z0-9._~/-]*) HTTP\/1\.1$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
// Headers that frame a body or change what the exchange is.
const NOT_SIMPLE = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings']);

/** The simple request at the start of `bytes`, or undefined when the full server must read it. */
export function readSimpleRequest(bytes: Buffer): SimpleRequest | undefined {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0 || headEnd > MAX_HEAD_BYTES) return undefined;
  const head = bytes.toString('latin1', 0, headEnd);
  if (!HEAD_BYTES.test(head)) return undefined;
  const lines = head.split('\r\n');
  if (lines.length > MAX_HEADER_LINES + 1) return undefined;
  const requestLine = REQUEST_LINE.exec(lines[0]!);
  if (requestLine === null) return undefined;

  const seen = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const header = HEADER_LINE.exec(lines[i]!);
    if (header === null) return undefined;
    const name = header[1]!.toLowerCase();
    if (NOT_SIMPLE.has(name) || seen.has(name)) return undefined;
    seen.set(name, header[2]!);
  }
  const connection = seen.get('connection')?.toLowerCase();
  if (!seen.get('host') || (connection !== undefined && connection !== 'keep-alive' && connection !== 'close')) return undefined;
  return {
    method: requestLine[1] as 'GET' | 'HEAD',
    path: requestLine[2]!,
    ifNoneMatch: seen.get('if-none-match'),
    close: connection === 'close',
    end: headEnd + HEAD_END.length,
  };
}
