export { buildActivityApp } from './server.ts';
