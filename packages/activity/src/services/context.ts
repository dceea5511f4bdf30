import type { Logger } from '@quartet/common';
import type { ActivityConfig } from '../config.ts';
import type { Clock } from '../domain/time.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import type { ActivityStore } from '../store/store.ts';

/** What every service of the server works with; built once per process (or per test). */
export interface ActivityContext {
  readonly config: ActivityConfig;
  readonly store: ActivityStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly hasher: PasswordHasher;
}
