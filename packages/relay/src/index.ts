export { buildRelayApp, type RelayAppOptions } from './server.ts';
export { openRelayStore } from './store/open-relay-store.ts';
export type { RelayStore } from './store/store.ts';
export { ChainError, RelayClient, RelayError, verifyPage, type ClientEntry, type ClientHead, type ClientPage, type Written } from './client/relay-client.ts';
export { formatCursor, parseCursor, startCursor, type Cursor } from './domain/cursor.ts';
export { genesis, link } from './domain/chain.ts';
