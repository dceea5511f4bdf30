import { serverSettings } from '@quartet/common';

export const skySettings = Object.freeze({ ...serverSettings('SKY_', 'sky', 8081) });
