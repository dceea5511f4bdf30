import { integer, loadConfig, runProgram, serveCommand, UsageError, type Command } from '@quartet/common';
import { CanonError } from './canon/load-canon.ts';
import { importCanon } from './canon/import-canon.ts';
import { canonSettings, skySettings } from './config.ts';
import { generateCanon } from './generate/generate-canon.ts';
import { buildSkyApp } from './server.ts';

const progress = (message: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

const importCommand: Command = {
  summary: 'Validate a canon directory and build the database from it, replacing the previous canon atomically.',
  usage: 'DIR [--database URL]',
  settings: canonSettings,
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }) {
    const config = loadConfig(canonSettings, { env: process.env, flags: values });
    try {
      const summary = await importCanon({ dir: positionals[0]!, databaseUrl: config.databaseUrl, progress });
      console.log(`imported ${summary.artists} artists, ${summary.stars} stars in ${summary.seconds.toFixed(1)} s`);
      return 0;
    } catch (error) {
      if (error instanceof CanonError) {
        for (const problem of error.problems) console.error(problem);
        console.error('Nothing was changed.');
        return 1;
      }
      if (error instanceof Error && /is not a directory/.test(error.message)) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  },
};

function option(values: Record<string, unknown>, name: string, parse: (raw: string) => number, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  try {
    return parse(String(raw));
  } catch (error) {
    throw new UsageError(`--${name}=${JSON.stringify(raw)}: ${(error as Error).message}`);
  }
}

const generateCommand: Command = {
  summary: 'Write a deterministic synthetic canon of N stars (same seed, same files).',
  usage: '--stars N --out DIR [--seed S]',
  options: { stars: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } },
  async run({ values }) {
    const stars = option(values, 'stars', integer(1, 50_000_000));
    const seed = option(values, 'seed', integer(0, 2 ** 32 - 1), 1);
    if (typeof values.out !== 'string' || values.out === '') throw new UsageError('--out is required');
    const summary = await generateCanon({ stars, out: values.out, seed, progress });
    console.log(`generated ${summary.stars} stars (${summary.artists} artists) into ${summary.out}`);
    return 0;
  },
};

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'sky',
      summary: 'the sky map API over music artists, and the tools that build its canon',
      commands: {
        generate: generateCommand,
        import: importCommand,
        serve: serveCommand({ service: 'sky', settings: skySettings, build: (config, logger) => buildSkyApp({ databaseUrl: config.databaseUrl, logger }) }),
      },
    },
    argv,
  );
}
