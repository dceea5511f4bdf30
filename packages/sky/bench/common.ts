import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';

/** Runs a `sky` command in a child and returns its wall time and peak RSS. */
export async function measureSky(args: readonly string[], env: Record<string, string> = {}): Promise<{ seconds: number; maxRssMiB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [new URL('./measure.ts', import.meta.url).pathname, ...args], { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr += text;
    process.stderr.write(text.replace(/\n@@measure .*\n/, '\n'));
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const report = /@@measure (.*)/.exec(stderr)?.[1];
  if (code !== 0 || report === undefined) throw new Error(`sky ${args.join(' ')} failed with ${code}`);
  return { seconds: (performance.now() - started) / 1000, maxRssMiB: (JSON.parse(report) as { maxRssKiB: number }).maxRssKiB / 1024 };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function machine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
}

/** A small deterministic generator for sampling (mulberry32). */
export function sampler(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}
