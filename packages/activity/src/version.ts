import manifest from '../package.json' with { type: 'json' };

/** The server's version, carried by every webhook payload and the User-Agent. */
export const SERVER_VERSION: string = manifest.version;
