import type { Logger } from '@quartet/common';
import type { ActivityConfig } from './config.ts';
import { systemClock, type Clock } from './domain/time.ts';
import { PasswordHasher } from './security/password-hasher.ts';
import { setAdmin, syncAgents } from './services/accounts.ts';
import { createActivityServices, type ActivityServices } from './services/activity-services.ts';
import { openActivityStore } from './store/open-activity-store.ts';

export interface OpenActivityOptions {
  readonly config: ActivityConfig;
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly hasher?: PasswordHasher;
}

/** Several processes may start at once on one PostgreSQL database: a lost insert race is tried again. */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    return work();
  }
}

/**
 * Opens the store (migrating it), creates the accounts of `APP_AGENTS`,
 * applies `APP_ADMIN`, and wires the services. The caller closes the store
 * (the app does on close).
 */
export async function openActivity(options: OpenActivityOptions): Promise<ActivityServices> {
  const { config, logger } = options;
  const store = await openActivityStore(config.databaseUrl);
  try {
    const context = { config, store, logger, clock: options.clock ?? systemClock, hasher: options.hasher ?? new PasswordHasher() };
    const agents = await once(() => syncAgents(context, config.agents));
    if (config.admin !== undefined) {
      const { created } = await once(() => setAdmin(context, config.admin!, 'APP_ADMIN'));
      logger.info({ email: config.admin.email, created }, 'administrator set from APP_ADMIN');
    }
    await context.hasher.warmUp();
    return createActivityServices(context, agents);
  } catch (error) {
    await store.close();
    throw error;
  }
}
