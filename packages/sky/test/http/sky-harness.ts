import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { TestDatabase } from '@quartet/common/testing';
import { importCanon } from '../../src/canon/import-canon.ts';
import { buildSkyApp } from '../../src/server.ts';

export const SMALL_CANON = fileURLToPath(new URL('../fixtures/small-canon/', import.meta.url));

/** A sky server on a real port over a freshly imported canon. */
export class SkyHarness {
  readonly app: FastifyInstance;
  readonly base: string;

  static async start(database: TestDatabase, canonDir = SMALL_CANON): Promise<SkyHarness> {
    await importCanon({ dir: canonDir, databaseUrl: database.url, progress: () => {} });
    const app = await buildSkyApp({ databaseUrl: database.url, logger: pino({ level: 'silent' }) });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return new SkyHarness(app, base);
  }

  private constructor(app: FastifyInstance, base: string) {
    this.app = app;
    this.base = base;
  }

  async get(path: string, init?: RequestInit): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
    const response = await fetch(`${this.base}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, headers: response.headers };
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
