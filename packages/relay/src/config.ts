import { serverSettings } from '@quartet/common';

export const relaySettings = Object.freeze({ ...serverSettings('RELAY_', 'relay', 8082) });
