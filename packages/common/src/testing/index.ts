export { testBackends, type TestBackend, type TestDatabase } from './test-databases.ts';
export { repoRoot, runProgramProcess, startServer, type RunningServer } from './program.ts';
export { sendRawHttp } from './raw-http.ts';
