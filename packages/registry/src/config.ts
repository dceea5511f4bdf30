import { serverSettings } from '@quartet/common';

export const registrySettings = Object.freeze({ ...serverSettings('REGISTRY_', 'registry', 8083) });
