import { nonEmptyText, serverSettings, setting } from '@quartet/common';

export const relaySettings = Object.freeze({
  ...serverSettings('RELAY_', 'relay', 8082),
  token: setting<string | undefined>({
    env: 'RELAY_TOKEN',
    flag: 'token',
    default: undefined,
    describe: 'bearer token every /v1 request must carry (unset: open relay)',
    secret: true,
    parse: nonEmptyText,
  }),
});
