import { SERVER_VERSION } from '../version.ts';
import { AgentDirectory } from './accounts.ts';
import { AgentService } from './agent-service.ts';
import { AlertService } from './alert-service.ts';
import { AuthService } from './auth-service.ts';
import type { ActivityContext } from './context.ts';
import { DeliveryWorker } from './delivery-worker.ts';
import { EventQueue } from './event-queue.ts';
import { Sweeper } from './sweeper.ts';
import { WebhookService } from './webhook-service.ts';

/** Every service of one server process, wired together. */
export interface ActivityServices {
  readonly context: ActivityContext;
  readonly agents: AgentDirectory;
  readonly auth: AuthService;
  readonly agentData: AgentService;
  readonly alerts: AlertService;
  readonly webhooks: WebhookService;
  readonly queue: EventQueue;
  readonly worker: DeliveryWorker;
  readonly sweeper: Sweeper;
  /** Starts the background jobs: delivery worker and sweeps. */
  start(): void;
  /** Stops them, letting attempts in flight finish. */
  stop(): Promise<void>;
}

export function createActivityServices(context: ActivityContext, agents: AgentDirectory = new AgentDirectory([])): ActivityServices {
  const { config } = context;
  const queue = new EventQueue(context);
  const worker = new DeliveryWorker({
    store: context.store,
    destinations: config.webhooks,
    schedule: config.retrySchedule,
    timeoutMs: config.deliveryTimeoutMs,
    telegramApi: config.telegramApi,
    serverName: config.serverName,
    serverVersion: SERVER_VERSION,
    clock: context.clock,
    logger: context.logger,
  });
  queue.onQueued(() => worker.wake());
  const alerts = new AlertService(context, queue, agents);
  const sweeper = new Sweeper(context, alerts);
  return {
    context,
    agents,
    auth: new AuthService(context),
    agentData: new AgentService(context, queue),
    alerts,
    webhooks: new WebhookService(context, queue),
    queue,
    worker,
    sweeper,
    start() {
      worker.start();
      sweeper.start();
    },
    async stop() {
      await sweeper.stop();
      await worker.stop();
    },
  };
}
