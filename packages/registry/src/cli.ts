import { readFile } from 'node:fs/promises';
import { runProgram, settingOptions, UsageError, type Command } from '@quartet/common/cli';
import { loadConfig } from '@quartet/common/config';
import { buildSettings, serveSettings } from './config.ts';

// Each command loads what it needs when it runs: `registry add` and `validate`
// start without the HTTP server, the database drivers or the logger.

const validate: Command = {
  summary: 'Check registry item files against the item format; one line per problem.',
  usage: 'FILE...',
  positionals: { min: 1, max: Infinity },
  async run({ positionals }) {
    const { formatProblems, validateItem } = await import('./item/validate-item.ts');
    const { nameInUrl } = await import('./install/resolve-tree.ts');
    let failed = false;
    for (const file of positionals) {
      let value: unknown;
      try {
        value = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        console.log(`${file}: /: ${error instanceof SyntaxError ? `not valid JSON (${error.message})` : 'cannot be read'}`);
        failed = true;
        continue;
      }
      const problems = validateItem(value, { fileName: nameInUrl(`file:///${file.replaceAll('\\', '/')}`) });
      for (const line of formatProblems(file, problems)) console.log(line);
      failed ||= problems.length > 0;
    }
    return failed ? 1 : 0;
  },
};

const build: Command = {
  summary: 'Build latest items, the pinned v<major>.<minor> snapshot and the index from a manifest.',
  usage: '[--manifest registry.json] [--out DIR] [--base-url URL]',
  settings: buildSettings,
  async run({ values }) {
    const config = loadConfig(buildSettings, { env: process.env, flags: values });
    const { runBuild } = await import('./build/build-command.ts');
    const problems = await runBuild({ manifestPath: config.manifest, outDir: config.out, baseUrl: config.baseUrl });
    for (const line of problems) console.log(line);
    if (problems.length === 0) console.log(`built ${config.manifest} into ${config.out} for ${config.baseUrl}`);
    return problems.length === 0 ? 0 : 1;
  },
};

const add: Command = {
  summary: 'Install registry items (and what they depend on) into a project.',
  usage: 'URL... [--cwd DIR] [--overwrite] [--dry-run] [--no-install]',
  positionals: { min: 1, max: Infinity },
  options: { cwd: { type: 'string' }, overwrite: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, 'no-install': { type: 'boolean' } },
  async run({ values, positionals }) {
    for (const url of positionals) {
      if (!/^https?:\/\//.test(url)) throw new UsageError(`"${url}" is not an item URL; give the full http(s) URL of the item`);
    }
    const { fetchJson, InstallError } = await import('./install/fetch-item.ts');
    const { runAdd } = await import('./install/install-command.ts');
    try {
      return await runAdd({
        urls: positionals,
        cwd: typeof values.cwd === 'string' ? values.cwd : process.cwd(),
        overwrite: values.overwrite === true,
        dryRun: values['dry-run'] === true,
        install: values['no-install'] !== true,
        fetchJson,
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      });
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      console.error(error.message);
      console.error('Nothing was written.');
      return 1;
    }
  },
};

const serve: Command = {
  summary: 'Run the registry server.',
  usage: '[options]',
  options: settingOptions(serveSettings),
  settings: serveSettings,
  async run(args) {
    const { serveCommand } = await import('@quartet/common');
    const { buildRegistryApp } = await import('./server.ts');
    return serveCommand({ service: 'registry', settings: serveSettings, build: (config, logger) => buildRegistryApp({ dir: config.dir, logger, fastPath: config.fastPath }) }).run(args);
  },
};

export function main(argv: readonly string[]): Promise<number> {
  return runProgram(
    {
      name: 'registry',
      summary: 'build, validate, serve and install UI component registry items',
      commands: {
        validate,
        build,
        serve,
        add,
      },
    },
    argv,
  );
}
