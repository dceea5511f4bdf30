export { buildActivityApp, type ActivityAppOptions } from './server.ts';
export { activitySettings, loadActivityConfig, resolveActivityConfig, type ActivityConfig } from './config.ts';
export { openActivity, type OpenActivityOptions } from './open-activity.ts';
export { openActivityStore } from './store/open-activity-store.ts';
export type { ActivityStore } from './store/store.ts';
export { verifySignature, signatureHeader } from './domain/signature.ts';
export type { WebhookPayload } from './domain/event-payload.ts';
