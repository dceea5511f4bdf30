/**
 * `sky generate`: a deterministic synthetic canon of N stars in the
 * contract's input format. Places and labels are written first, then every
 * artist's rows in ascending artist id, streamed through buffered writers,
 * then the labels' yearly counts (which must cover the canon's own). Memory
 * holds only the plan's typed arrays and a chunk or two per file.
 */
import { mkdir } from 'node:fs/promises';
import { ArtistPass } from './artist-pass.ts';
import { writeLabelYears, writeLabels } from './labels.ts';
import { writePlaces } from './places.ts';
import { planCanon } from './plan.ts';
import { CANON_FILES, anyFull, flushFull, openCanonWriters, type CanonFile } from './writer.ts';

/** Largest N accepted: ids and catalogue ids stay well inside 32 bits. */
export const MAX_STARS = 50_000_000;

export interface GenerateOptions {
  /** Number of stars (artists with a position in the newest layout): a whole number from 1 to MAX_STARS. */
  readonly stars: number;
  /** Directory to write the canon into; created if missing, its canon files replaced. */
  readonly out: string;
  /** Any safe integer; the same seed gives byte-identical files. */
  readonly seed: number;
  /** Called with a one-line message at each phase and every 5% of the artists. */
  readonly progress?: (message: string) => void;
}

export interface GeneratedFile {
  readonly file: `${CanonFile}.jsonl`;
  readonly rows: number;
  readonly bytes: number;
}

export interface GenerateSummary {
  readonly out: string;
  readonly seed: number;
  readonly stars: number;
  /** Every artist: stars, former stars (older layout only) and unplaced artists. */
  readonly artists: number;
  readonly formerStars: number;
  readonly unplaced: number;
  readonly labels: number;
  readonly places: number;
  readonly files: readonly GeneratedFile[];
  readonly bytes: number;
}

function checkOptions(options: GenerateOptions): void {
  if (!Number.isInteger(options.stars) || options.stars < 1 || options.stars > MAX_STARS) {
    throw new RangeError(`stars must be a whole number from 1 to ${MAX_STARS}, got ${options.stars}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new RangeError(`seed must be a safe integer, got ${options.seed}`);
  if (typeof options.out !== 'string' || options.out.length === 0) throw new RangeError('out must name a directory');
}

export async function generateCanon(options: GenerateOptions): Promise<GenerateSummary> {
  checkOptions(options);
  const { stars, out, seed } = options;
  const progress = options.progress ?? ((): void => {});
  const started = performance.now();
  const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  await mkdir(out, { recursive: true });
  const plan = planCanon(seed, stars);
  progress(`planned ${plan.artists} artists (${stars} stars, ${plan.formerStars} former stars, ${plan.unplaced} unplaced), ${plan.labels.count} labels, ${plan.places.count} places (${elapsed()})`);

  const writers = await openCanonWriters(out);
  try {
    await writePlaces(plan.places, writers.places);
    await writeLabels(plan, writers.labels);
    progress(`wrote places and labels (${elapsed()})`);

    const pass = new ArtistPass(plan, writers);
    const step = Math.max(1, Math.ceil(plan.artists / 20));
    for (let k = 0; k < plan.artists; k++) {
      pass.write(plan.order[k] as number);
      if (anyFull(writers)) await flushFull(writers);
      if ((k + 1) % step === 0 && k + 1 < plan.artists) progress(`artists: ${Math.round(((k + 1) / plan.artists) * 100)}% (${k + 1} of ${plan.artists}, ${elapsed()})`);
    }
    pass.finish();
    await writeLabelYears(plan, pass.labelReleases, writers.label_years);

    const files: GeneratedFile[] = [];
    let bytes = 0;
    for (const file of CANON_FILES) {
      const writer = writers[file];
      const size = await writer.close();
      files.push({ file: `${file}.jsonl`, rows: writer.rows, bytes: size });
      bytes += size;
    }
    progress(`artists: 100% (${plan.artists} of ${plan.artists}); wrote ${bytes} bytes in ${files.length} files (${elapsed()})`);
    return {
      out,
      seed,
      stars,
      artists: plan.artists,
      formerStars: plan.formerStars,
      unplaced: plan.unplaced,
      labels: plan.labels.count,
      places: plan.places.count,
      files,
      bytes,
    };
  } catch (error) {
    for (const file of CANON_FILES) writers[file].destroy();
    throw error;
  }
}
