export { buildRegistryApp } from './server.ts';
