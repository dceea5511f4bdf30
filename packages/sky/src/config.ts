import { serverSettings } from '@quartet/common';

export const skySettings = Object.freeze({ ...serverSettings('SKY_', 'sky', 8081) });

/** The database setting alone, for the canon commands. */
export const canonSettings = Object.freeze({ databaseUrl: skySettings.databaseUrl });
