export { buildRelayApp } from './server.ts';
