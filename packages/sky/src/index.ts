export { buildSkyApp } from './server.ts';
