// `npm start`: prepares the demo data on first start, then runs the four
// servers on their default ports with SQLite under ./data/, prefixing each
// one's output with its name. Ctrl-C (or SIGTERM) stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CANON_FORMAT } from '../packages/sky/src/canon/canon-tables.ts';

type Program = 'sky' | 'relay' | 'registry' | 'activity';

interface Service {
  readonly program: Program;
  readonly port: number;
  readonly home: string;
  readonly serveArgs: readonly string[];
  /**
   * Demo data built before serving; skipped when `creates` is given, exists
   * and is `current` (slow steps run on first start, and again after an
   * upgrade that changed the data's format).
   */
  readonly prepare?: { readonly creates?: string; readonly current?: (path: string) => boolean; readonly steps: readonly (readonly string[])[] };
}

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

const services: readonly Service[] = [
  {
    program: 'sky',
    port: 8081,
    home: '/api/search?q=an',
    serveArgs: [],
    // The demo sky: 20,000 generated stars (enough for the daily signal to have faint stars), built once.
    prepare: {
      creates: 'data/sky.db',
      current: hasCurrentCanonFormat,
      steps: [
        ['generate', '--stars', '20000', '--out', 'data/demo-canon', '--seed', '1'],
        ['import', 'data/demo-canon', '--database', 'data/sky.db'],
      ],
    },
  },
  { program: 'relay', port: 8082, home: '/health', serveArgs: [] },
  {
    program: 'registry',
    port: 8083,
    home: '/r/index.json',
    serveArgs: ['--dir', 'data/registry'],
    // Milliseconds to build, so the demo registry always matches its sources.
    prepare: { steps: [['build', '--manifest', 'packages/registry/demo/registry.json', '--out', 'data/registry', '--base-url', 'http://127.0.0.1:8083']] },
  },
  { program: 'activity', port: 8084, home: '/health', serveArgs: [] },
];

function run(program: Program, args: readonly string[], stdio: 'inherit' | 'pipe'): ChildProcess {
  return spawn(process.execPath, [`packages/${program}/bin/${program}.js`, ...args], { stdio: ['ignore', stdio, stdio] });
}

/** A sky canon file this version serves (see CANON_FORMAT); an older one is rebuilt. */
function hasCurrentCanonFormat(path: string): boolean {
  try {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return (db.prepare("SELECT value FROM sky_meta WHERE key = 'format'").get() as { value: string } | undefined)?.value === String(CANON_FORMAT);
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

function prepared(service: Service): boolean {
  const { creates, current } = service.prepare ?? {};
  if (creates === undefined || !existsSync(creates)) return false;
  if (current === undefined || current(creates)) return true;
  console.log(`[${service.program}] ${creates} was built by an older version: building it again`);
  return false;
}

async function prepare(service: Service): Promise<void> {
  if (!service.prepare || prepared(service)) return;
  for (const step of service.prepare.steps) {
    console.log(`[${service.program}] ${service.program} ${step.join(' ')}`);
    const [code] = await once(run(service.program, step, 'inherit'), 'exit');
    if (code !== 0) throw new Error(`${service.program} ${step.join(' ')} failed with exit code ${code}`);
  }
}

/** Prefixes each output line with the service name; resolves once the server logs its URL. */
function prefixLines(child: ChildProcess, name: string): Promise<void> {
  return new Promise((listening) => {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        console.log(`[${name}] ${line}`);
        if (line.includes('"url":"http')) listening();
      });
    }
  });
}

async function main(): Promise<void> {
  for (const service of services) await prepare(service);
  const children = services.map((service) => {
    const child = run(service.program, ['serve', ...service.serveArgs], 'pipe');
    return { service, child, listening: prefixLines(child, service.program), exited: once(child, 'exit') };
  });

  let stopping = false;
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  // One server failing takes the others down: a half-started system is not "started".
  for (const { service, exited } of children) {
    void exited.then(([code]) => {
      if (!stopping) {
        console.error(`[${service.program}] exited with code ${code}; stopping the others`);
        process.exitCode = 1;
        stopAll();
      }
    });
  }

  await Promise.race([Promise.all(children.map((c) => c.listening)), Promise.any(children.map((c) => c.exited))]);
  if (stopping) return;
  console.log('\nThe system is up:');
  for (const { program, port, home } of services) console.log(`  ${program.padEnd(9)} http://127.0.0.1:${port}   (try: ${home})`);
  console.log('Press Ctrl-C to stop.\n');
  await Promise.all(children.map((c) => c.exited));
}

main().catch((error: unknown) => {
  console.error(`npm start: ${(error as Error).message}`);
  process.exitCode = 1;
});
