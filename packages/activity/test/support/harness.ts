import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from '@quartet/common/testing';
import { loadActivityConfig } from '../../src/config.ts';
import type { Clock } from '../../src/domain/time.ts';
import { openActivity } from '../../src/open-activity.ts';
import { PasswordHasher } from '../../src/security/password-hasher.ts';
import { buildActivityApp } from '../../src/server.ts';
import type { ActivityServices } from '../../src/services/activity-services.ts';

/** A clock the test moves by hand. */
export class FakeClock {
  now: number;
  constructor(start = Date.parse('2025-03-10T09:00:00.000Z')) {
    this.now = start;
  }
  readonly read: Clock = () => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

export interface CallOptions {
  readonly body?: unknown;
  /** A raw body sent as is (with `type` as its content type). */
  readonly raw?: string | Buffer;
  readonly type?: string;
  readonly cookie?: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

export const ADMIN = Object.freeze({ email: 'admin@example.com', password: 'correct horse battery' });
export const AGENT_TOKEN = 'agent-token-0123456789abcdef';
export const AGENT = Object.freeze({ email: 'ann@example.com', name: 'Ann <Lee> & *Co*', department: 'Sales', token: AGENT_TOKEN });

/** Cheap hashing for tests that sign in often; the real cost is exercised by the password tests. */
export const fastHasher = () => new PasswordHasher({ memory: 1024, passes: 1, parallelism: 1 });

/** An activity server in this process on a real port over the given database. */
export class ActivityHarness {
  readonly app: FastifyInstance;
  readonly base: string;
  readonly services: ActivityServices;

  static async start(
    database: TestDatabase | string,
    options: { env?: Record<string, string>; clock?: Clock; background?: boolean; hasher?: PasswordHasher } = {},
  ): Promise<ActivityHarness> {
    const url = typeof database === 'string' ? database : database.url;
    const config = loadActivityConfig({
      APP_DATABASE_URL: url,
      APP_SECURE_COOKIES: 'false',
      APP_ADMIN: `${ADMIN.email}:${ADMIN.password}`,
      APP_AGENTS: JSON.stringify([AGENT]),
      ...options.env,
    });
    const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    const services = await openActivity({ config, logger, clock: options.clock, hasher: options.hasher ?? fastHasher() });
    const app = await buildActivityApp({ services, logger, background: options.background ?? false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return new ActivityHarness(app, base, services);
  }

  private constructor(app: FastifyInstance, base: string, services: ActivityServices) {
    this.app = app;
    this.base = base;
    this.services = services;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      if (options.type !== undefined) headers['content-type'] = options.type;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.type ?? 'application/json';
    }
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${this.base}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /** Signs in; resolves with the `Cookie` header value to send afterwards. */
  async login(email: string, password: string): Promise<string> {
    const answer = await this.call('POST', '/api/v1/auth/login', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
    return cookieOf(answer);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/** The `name=value` part of an answer's session cookie. */
export function cookieOf(answer: Answer): string {
  const header = answer.headers.get('set-cookie');
  if (header === null) throw new Error('no Set-Cookie');
  return header.split(';')[0]!;
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
