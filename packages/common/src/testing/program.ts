import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the output once it matches (log lines are written asynchronously); fails after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends a signal and waits for the exit; resolves with the exit code (or the signal name). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts a program's `serve` command as a real process on port 0 and
 * resolves with its URL once it logs that it listens.
 */
export async function startServer(
  program: 'sky' | 'relay' | 'registry' | 'activity',
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const bin = `${repoRoot}packages/${program}/bin/${program}.js`;
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(text);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${program} exited with ${code} before listening:\n${text}`)));
    setTimeout(() => reject(new Error(`${program} did not start within 20 s:\n${text}`)), 20_000).unref();
  });
  return {
    url,
    child,
    output: () => text,
    async waitForOutput(pattern, timeoutMs = 5000) {
      for (const deadline = Date.now() + timeoutMs; !pattern.test(text); ) {
        if (Date.now() > deadline) throw new Error(`${program} did not write ${pattern} within ${timeoutMs} ms:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return text;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code, sig] = (await exited) as [number | null, NodeJS.Signals | null];
      return code ?? sig ?? 'unknown';
    },
  };
}

/** Runs a program command to completion and returns its exit code and output. */
export async function runProgramProcess(
  program: 'sky' | 'relay' | 'registry' | 'activity',
  args: readonly string[],
  options: { env?: Readonly<Record<string, string>>; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const bin = `${repoRoot}packages/${program}/bin/${program}.js`;
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, ...options.env },
    cwd: options.cwd ?? repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
