import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError, type SettingsSpec } from './config.ts';

/** A usage mistake on the command line: one line on stderr, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
}

export interface Command {
  readonly summary: string;
  /** Text after the command name in the usage line, for example `DIR [--database URL]`. */
  readonly usage: string;
  readonly options?: ParseArgsOptionsConfig;
  /** Settings whose options this command takes; listed in its help with their variables. */
  readonly settings?: SettingsSpec;
  readonly positionals?: { readonly min: number; readonly max: number };
  run(args: ParsedArgs): Promise<number | void>;
}

export interface Program {
  readonly name: string;
  readonly summary: string;
  readonly commands: Readonly<Record<string, Command>>;
}

/** Options a command gets from its settings: one string option per flag. */
export function settingOptions(settings: SettingsSpec): ParseArgsOptionsConfig {
  const options: ParseArgsOptionsConfig = {};
  for (const s of Object.values(settings)) if (s.flag) options[s.flag] = { type: 'string' };
  return options;
}

function programHelp(program: Program): string {
  const width = Math.max(...Object.keys(program.commands).map((c) => c.length));
  const lines = Object.entries(program.commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `${program.name}: ${program.summary}\n\nUsage: ${program.name} <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun '${program.name} <command> --help' for a command's options.\n`;
}

function commandHelp(program: Program, name: string, command: Command): string {
  let text = `Usage: ${program.name} ${name} ${command.usage}\n\n${command.summary}\n`;
  const settings = Object.values(command.settings ?? {});
  if (settings.length > 0) {
    text += '\nSettings (option, environment variable, default):\n';
    for (const s of settings) {
      const flag = s.flag ? `--${s.flag}` : '';
      text += `  ${flag.padEnd(14)} ${s.env.padEnd(24)} ${JSON.stringify(s.default)}  ${s.describe}\n`;
    }
  }
  return text;
}

/** Runs one command line; returns the exit code. */
export async function runProgram(program: Program, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(programHelp(program));
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(program.commands, name) ? program.commands[name] : undefined;
  if (command === undefined) {
    process.stderr.write(`${program.name}: unknown command '${name}'. Run '${program.name} --help'.\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(commandHelp(program, name, command));
    return 0;
  }
  try {
    const options = { ...settingOptions(command.settings ?? {}), ...command.options };
    const parsed = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
    const { min, max } = command.positionals ?? { min: 0, max: 0 };
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(`expected ${min === max ? min : `${min} to ${max === Infinity ? 'any number of' : max}`} argument(s); usage: ${program.name} ${name} ${command.usage}`);
    }
    return (await command.run(parsed)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || isParseArgsError(error)) {
      // One line, whatever the parser wrote.
      process.stderr.write(`${program.name} ${name}: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}\n`);
      return 2;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
