export { buildSkyApp, VERSION } from './server.ts';
