import { serverSettings } from '@quartet/common';

export const activitySettings = Object.freeze({ ...serverSettings('APP_', 'activity', 8084) });
