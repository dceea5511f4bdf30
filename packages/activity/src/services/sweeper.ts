import type { Logger } from '@quartet/common';
import { LOGIN_THROTTLE } from '../domain/login-throttle.ts';
import type { AlertService } from './alert-service.ts';
import type { ActivityContext } from './context.ts';

/** Ended or expired sessions are kept this long (for nothing but tidiness), then deleted. */
const SESSION_RETENTION_MS = 24 * 3_600_000;

/**
 * The periodic job: every `APP_SWEEP_SECONDS`, evaluates the alert rules and
 * clears expired throttling and session rows. One sweep at a time; a failed
 * sweep is logged and the next one runs as planned.
 */
export class Sweeper {
  readonly #context: ActivityContext;
  readonly #alerts: AlertService;
  readonly #logger: Logger;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<void> | undefined;

  constructor(context: ActivityContext, alerts: AlertService) {
    this.#context = context;
    this.#alerts = alerts;
    this.#logger = context.logger;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.runOnce(), this.#context.config.sweepSeconds * 1000);
    void this.runOnce();
  }

  /** One sweep now (or the one already running). */
  runOnce(): Promise<void> {
    this.#current ??= this.#sweep().finally(() => (this.#current = undefined));
    return this.#current;
  }

  async #sweep(): Promise<void> {
    const { store, clock } = this.#context;
    try {
      const report = await this.#alerts.sweep();
      if (report.raised + report.resolved > 0) this.#logger.info(report, 'alert sweep');
      const now = clock();
      await store.purgeLoginFailures(now - LOGIN_THROTTLE.windowMs);
      await store.purgeSessions(now - SESSION_RETENTION_MS);
    } catch (error) {
      this.#logger.error({ err: error }, 'alert sweep failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }
}
