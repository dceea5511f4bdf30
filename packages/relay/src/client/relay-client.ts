import { decode, encode } from 'cborg';
import { Agent, request, type Dispatcher } from 'undici';
import { genesis, linkMatches } from '../domain/chain.ts';
import { formatCursor, startCursor, type Cursor } from '../domain/cursor.ts';
import { decodePage, type DecodedPage } from './page-decoder.ts';

export interface Written {
  readonly stream: Uint8Array;
  readonly epoch: number;
  readonly first: number;
  readonly last: number;
}

export interface ClientEntry {
  readonly seq: number;
  readonly epoch: number;
  readonly hash: Uint8Array;
  readonly data: Uint8Array;
}

export interface ClientPage {
  readonly stream: Uint8Array;
  readonly epoch: number;
  readonly head: number;
  readonly entries: readonly ClientEntry[];
  /** The cursor after this page's last entry (or the one it was read from). */
  readonly cursor: Cursor;
}

export interface ClientHead {
  readonly name: string;
  readonly id: Uint8Array | undefined;
  readonly head: number;
}

/** A refusal from the relay: its Problem record. Codes this client does not know are kept as they are. */
export class RelayError extends Error {
  readonly status: number;
  readonly code: string;
  readonly head: number | undefined;
  readonly epoch: number | undefined;
  readonly limit: number | undefined;
  constructor(status: number, problem: Map<number, unknown>) {
    super(String(problem.get(1) ?? `relay answered ${status}`));
    this.name = 'RelayError';
    this.status = status;
    this.code = String(problem.get(0) ?? 'unknown');
    const uint = (key: number) => (typeof problem.get(key) === 'number' ? (problem.get(key) as number) : undefined);
    this.head = uint(2);
    this.epoch = uint(3);
    this.limit = uint(4);
  }
}

/** A page that does not chain from the cursor it was read after: the client refuses it. */
export class ChainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainError';
  }
}

export interface RelayClientOptions {
  readonly token?: string;
  readonly dispatcher?: Dispatcher;
}

const bytesEqual = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

/**
 * Checks every link of a page against the cursor it was read after (or
 * genesis of the page's stream) and returns the cursor after the page.
 */
export function verifyPage(page: Omit<ClientPage, 'cursor'>, after: Cursor | undefined): Cursor {
  const from = after ?? startCursor(page.stream);
  if (!bytesEqual(from.stream, page.stream)) throw new ChainError('the page belongs to another stream identity than the cursor');
  let previous: Uint8Array = from.hash;
  let seq = from.seq;
  for (const entry of page.entries) {
    seq += 1;
    if (entry.seq !== seq) throw new ChainError(`expected position ${seq}, got ${entry.seq}`);
    if (!linkMatches(previous, entry.seq, entry.epoch, entry.data, entry.hash)) throw new ChainError(`entry ${entry.seq} does not chain from its predecessor`);
    previous = entry.hash;
  }
  if (seq > page.head) throw new ChainError(`the page ends at ${seq}, past its head ${page.head}`);
  if (page.entries.length === 0 && page.head > from.seq) throw new ChainError('an empty page while entries exist after the cursor');
  return { seq, stream: page.stream, hash: previous };
}

/** A client of the relay protocol (`/v1`) that verifies the chain of everything it reads. */
export class RelayClient {
  readonly #base: string;
  readonly #headers: Record<string, string>;
  readonly #dispatcher: Dispatcher;

  constructor(baseUrl: string, options: RelayClientOptions = {}) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#headers = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  }

  async #call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Uint8Array, signal?: AbortSignal): Promise<Map<number, unknown>> {
    return decode(await this.#fetch(method, path, body, signal), { useMaps: true }) as Map<number, unknown>;
  }

  /** The answer's bytes; a refusal becomes a RelayError carrying its Problem. */
  async #fetch(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
    const response = await request(`${this.#base}${path}`, {
      method,
      headers: body === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/cbor' },
      body: body === undefined ? undefined : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      dispatcher: this.#dispatcher,
      signal,
    });
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new RelayError(response.statusCode, decode(bytes, { useMaps: true }) as Map<number, unknown>);
    return bytes;
  }

  async append(name: string, batch: { epoch: number; entries: readonly Uint8Array[]; stream?: Uint8Array }): Promise<Written> {
    const message = new Map<number, unknown>([[0, batch.epoch], [1, batch.entries]]);
    if (batch.stream !== undefined) message.set(2, batch.stream);
    const answer = await this.#call('POST', `/v1/streams/${encodeURIComponent(name)}/entries`, encode(message));
    return { stream: answer.get(0) as Uint8Array, epoch: answer.get(1) as number, first: answer.get(2) as number, last: answer.get(3) as number };
  }

  /** One page as the relay sent it, not yet checked. */
  async #page(name: string, after: Cursor | undefined, limit: number | undefined): Promise<DecodedPage> {
    const query = new URLSearchParams();
    if (after !== undefined) query.set('after', formatCursor(after));
    if (limit !== undefined) query.set('limit', String(limit));
    const suffix = query.size === 0 ? '' : `?${query}`;
    return decodePage(await this.#fetch('GET', `/v1/streams/${encodeURIComponent(name)}/entries${suffix}`));
  }

  /** One page after `after` (or from the start), verified against it. */
  async read(name: string, options: { after?: Cursor; limit?: number } = {}): Promise<ClientPage> {
    const page = await this.#page(name, options.after, options.limit);
    return { ...page, cursor: verifyPage(page, options.after) };
  }

  /**
   * Every page after `after` up to the head seen by the last one, each
   * verified before it is yielded. The next page is asked for while the
   * current one is checked; it is used only if the current one chains, and
   * it is checked in turn. Returns the cursor after the last page.
   */
  async *pages(name: string, options: { after?: Cursor; limit?: number } = {}): AsyncGenerator<ClientPage, Cursor> {
    let after = options.after;
    let pending = this.#page(name, after, options.limit);
    for (;;) {
      const page = await pending;
      const last = page.entries.at(-1);
      const more = last !== undefined && last.seq < page.head;
      if (more) {
        pending = this.#page(name, { seq: last.seq, stream: page.stream, hash: last.hash }, options.limit);
        pending.catch(() => {}); // reported when awaited; not if this page is refused first
      }
      after = verifyPage(page, after);
      yield { ...page, cursor: after };
      if (!more) return after;
    }
  }

  /** Every entry after `after` up to the head seen by the last page (see `pages`). */
  async *readAll(name: string, options: { after?: Cursor; limit?: number } = {}): AsyncGenerator<ClientEntry, Cursor> {
    const pages = this.pages(name, options);
    for (;;) {
      const next = await pages.next();
      if (next.done) return next.value;
      yield* next.value.entries;
    }
  }

  async wait(watches: readonly { name: string; cursor?: Cursor }[], timeoutSeconds?: number, signal?: AbortSignal): Promise<ClientHead[]> {
    const query = new URLSearchParams();
    for (const w of watches) query.append('watch', w.cursor ? `${w.name}:${formatCursor(w.cursor)}` : w.name);
    if (timeoutSeconds !== undefined) query.set('timeout', String(timeoutSeconds));
    const answer = await this.#call('GET', `/v1/wait?${query}`, undefined, signal);
    return (answer.get(0) as Map<number, unknown>[]).map((h) => ({
      name: h.get(0) as string,
      id: h.get(1) as Uint8Array | undefined,
      head: h.get(2) as number,
    }));
  }

  async delete(name: string): Promise<Uint8Array> {
    return (await this.#call('DELETE', `/v1/streams/${encodeURIComponent(name)}`)).get(0) as Uint8Array;
  }

  /**
   * Follows a stream: yields every entry in order, reading what exists and
   * then waiting for more, until `signal` aborts. A stream that does not
   * exist yet is waited for. Stops with `RelayError` `stream_replaced` if the
   * stream is deleted and recreated under the reader.
   */
  async *follow(name: string, options: { after?: Cursor; signal?: AbortSignal; waitSeconds?: number } = {}): AsyncGenerator<ClientEntry> {
    let after = options.after;
    while (!options.signal?.aborted) {
      try {
        after = yield* this.readAll(name, after ? { after } : {});
      } catch (error) {
        if (!(error instanceof RelayError && error.code === 'stream_not_found' && after === undefined)) throw error;
      }
      try {
        await this.wait([{ name, ...(after ? { cursor: after } : {}) }], options.waitSeconds ?? 30, options.signal);
      } catch (error) {
        if (options.signal?.aborted) return;
        throw error;
      }
    }
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }
}

export { formatCursor, genesis, startCursor, type Cursor };
