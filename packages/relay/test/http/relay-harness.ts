import assert from 'node:assert/strict';
import { decode, encode } from 'cborg';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { TestDatabase } from '@quartet/common/testing';
import { buildRelayApp } from '../../src/server.ts';
import { openRelayStore } from '../../src/store/open-relay-store.ts';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly message: Map<number, unknown>;
  readonly raw: Buffer;
}

/** A relay on a real port over the given database, and a raw CBOR caller for it. */
export class RelayHarness {
  readonly app: FastifyInstance;
  readonly base: string;

  static async start(database: TestDatabase, token?: string): Promise<RelayHarness> {
    const store = await openRelayStore(database.url);
    const app = await buildRelayApp({ store, logger: pino({ level: 'silent' }), token });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return new RelayHarness(app, base);
  }

  private constructor(app: FastifyInstance, base: string) {
    this.app = app;
    this.base = base;
  }

  /** Sends a request; every /v1 answer must be CBOR with `Cache-Control: no-store`. */
  async call(method: string, path: string, options: { body?: Uint8Array | string; type?: string | null; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && options.type !== null) headers['content-type'] = options.type ?? 'application/cbor';
    const response = await request(`${this.base}${path}`, {
      method: method as 'GET',
      headers,
      body: typeof options.body === 'string' ? options.body : options.body && Buffer.from(options.body),
    });
    const raw = Buffer.from(await response.body.arrayBuffer());
    if (path.startsWith('/v1')) {
      assert.equal(response.headers['content-type'], 'application/cbor', `${method} ${path} content-type`);
      assert.equal(response.headers['cache-control'], 'no-store', `${method} ${path} cache-control`);
    }
    const message = response.headers['content-type'] === 'application/cbor' ? (decode(raw, { useMaps: true }) as Map<number, unknown>) : new Map();
    return { status: response.statusCode, headers: response.headers, message, raw };
  }

  append(name: string, batch: Map<number, unknown>): Promise<Answer> {
    return this.call('POST', `/v1/streams/${name}/entries`, { body: encode(batch) });
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

export const batch = (epoch: number, entries: Uint8Array[], stream?: Uint8Array) => {
  const m = new Map<number, unknown>([[0, epoch], [1, entries]]);
  if (stream) m.set(2, stream);
  return m;
};

export const bytes = (...texts: string[]) => texts.map((t) => new Uint8Array(Buffer.from(t)));

/** Asserts a refusal: status, Problem code and, where given, its extra fields. */
export function assertProblem(answer: Answer, status: number, code: string, extra: Record<number, unknown> = {}): void {
  assert.equal(answer.status, status, `expected ${status} ${code}, got ${answer.status} ${String(answer.message.get(0))}`);
  assert.equal(answer.message.get(0), code);
  assert.equal(typeof answer.message.get(1), 'string');
  for (const [key, value] of Object.entries(extra)) assert.equal(answer.message.get(Number(key)), value, `problem key ${key}`);
}
