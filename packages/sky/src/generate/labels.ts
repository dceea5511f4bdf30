/**
 * Record labels of the catalogue: Zipf-like roster sizes, namesakes told
 * apart by a number (`Name (2)`), sublabels of bigger labels, an active
 * span of years with the label's official releases per year (all of them,
 * more than the canon's own), and artists' release counts on labels.
 */
import { HOME_LABELS } from './communities.ts';
import { labelName } from './names.ts';
import type { CanonPlan } from './plan.ts';
import { labelProfile } from './profiles.ts';
import { Random, Stream, shuffle } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';
import { Zipf } from './zipf.ts';

export const LAST_YEAR = 2025;

export interface LabelTable {
  readonly count: number;
  /** By popularity rank. */
  readonly id: Int32Array;
  readonly name: readonly string[];
  readonly start: Int16Array;
  readonly end: Int16Array;
  /** Parent's rank, or -1. Parents always rank before their sublabels, so there are no cycles. */
  readonly parent: Int32Array;
  /** 1 for labels no star releases on (their dossiers do not exist); only other artists may. */
  readonly dormant: Uint8Array;
  readonly popularity: Zipf;
}

export function labelCount(stars: number): number {
  return Math.max(20, Math.round(stars / 15));
}

export function buildLabels(seed: number, stars: number): LabelTable {
  const count = labelCount(stars);
  const random = new Random(seed, Stream.label, 0);
  const base: string[] = [];
  const name: string[] = [];
  // the catalogue tells labels of one name apart by a number: "Name", "Name (2)", ...
  const taken = new Map<string, number>();
  const start = new Int16Array(count);
  const end = new Int16Array(count);
  const parent = new Int32Array(count).fill(-1);
  const dormant = new Uint8Array(count);
  for (let r = 0; r < count; r++) {
    if (r > 10 && random.chance(0.06)) dormant[r] = 1;
    const root = r > 3 && random.chance(0.04) ? (base[random.int(r)] as string) : labelName(random);
    const number = (taken.get(root) ?? 0) + 1;
    taken.set(root, number);
    base.push(root);
    name.push(number === 1 ? root : `${root} (${number})`);
    const first = LAST_YEAR - 1 - Math.floor(72 * Math.pow(random.float(), 1.4));
    const typicalSpan = 3 + 35 / Math.sqrt(1 + r / 20);
    start[r] = first;
    end[r] = Math.min(LAST_YEAR, first + Math.round(typicalSpan * random.lognormal(0.5)));
    if (r > 5 && random.chance(0.08)) parent[r] = Math.floor(r * random.float() * random.float());
  }
  const id = new Int32Array(count);
  const ids = new Int32Array(count);
  let next = 1 + random.int(30);
  for (let i = 0; i < count; i++) {
    ids[i] = next;
    next += 1 + random.int(random.chance(0.8) ? 6 : 60);
  }
  const positions = Int32Array.from({ length: count }, (_, i) => i);
  shuffle(positions, random);
  for (let r = 0; r < count; r++) id[r] = ids[positions[r] as number] as number;
  return { count, id, name, start, end, parent, dormant, popularity: new Zipf(count, 0.75) };
}

function ranksById(labels: LabelTable): Int32Array {
  return Int32Array.from({ length: labels.count }, (_, i) => i).sort((a, b) => (labels.id[a] as number) - (labels.id[b] as number));
}

/** Writes labels.jsonl in label id order. */
export async function writeLabels(plan: CanonPlan, out: JsonlWriter): Promise<void> {
  const labels = plan.labels;
  const random = new Random(plan.seed, Stream.label, 1);
  for (const r of ranksById(labels)) {
    random.reseed(plan.seed, Stream.label, 1000 + r);
    const parentRank = labels.parent[r] as number;
    let row = `{"id":${labels.id[r]},"name":${JSON.stringify(labels.name[r])}`;
    const profile = labelProfile(plan, r, random);
    if (profile !== undefined) row += `,"profile":${profile === null ? 'null' : JSON.stringify(profile)}`;
    if (parentRank >= 0) row += `,"parent":${labels.id[parentRank]}`;
    else if (random.chance(0.7)) row += ',"parent":null';
    out.row(row + '}');
    if (out.full) await out.flush();
  }
}

/**
 * The canon's own releases per label and year, gathered while artist_labels
 * is written, so that the official counts written afterwards are never
 * below them. An artist's releases on a label are spread over its years
 * there, rounded up.
 */
export class CanonLabelReleases {
  readonly #labels: LabelTable;
  readonly #offset: Int32Array;
  readonly #counts: Int32Array;

  constructor(labels: LabelTable) {
    this.#labels = labels;
    this.#offset = new Int32Array(labels.count + 1);
    for (let r = 0; r < labels.count; r++) this.#offset[r + 1] = (this.#offset[r] as number) + (labels.end[r] as number) - (labels.start[r] as number) + 1;
    this.#counts = new Int32Array(this.#offset[labels.count] as number);
  }

  add(rank: number, first: number, last: number, releases: number): void {
    const perYear = Math.ceil(releases / (last - first + 1));
    const base = (this.#offset[rank] as number) - (this.#labels.start[rank] as number);
    for (let year = first; year <= last; year++) this.#counts[base + year] = (this.#counts[base + year] as number) + perYear;
  }

  /** The canon's releases on the label in `year`; `year` must be within the label's span. */
  of(rank: number, year: number): number {
    return this.#counts[(this.#offset[rank] as number) + year - (this.#labels.start[rank] as number)] as number;
  }
}

/**
 * Writes label_years.jsonl in label id order: for every year of a label's
 * span (but a few quiet ones) the canon's own releases plus releases by
 * artists the canon does not hold, more for bigger labels.
 */
export async function writeLabelYears(plan: CanonPlan, canon: CanonLabelReleases, out: JsonlWriter): Promise<void> {
  const labels = plan.labels;
  const random = new Random(plan.seed, Stream.label, 2);
  const outsideReleases = plan.artists * 3;
  for (const r of ranksById(labels)) {
    random.reseed(plan.seed, Stream.label, 2 * labels.count + 1000 + r);
    const id = labels.id[r] as number;
    const first = labels.start[r] as number;
    const last = labels.end[r] as number;
    const perYear = (labels.popularity.share(r) * outsideReleases) / (last - first + 1) + 2;
    for (let year = first; year <= last; year++) {
      const own = canon.of(r, year);
      if (own === 0 && year !== first && random.chance(0.08)) continue;
      const count = own + 1 + Math.round(perYear * random.lognormal(0.5));
      out.row(`{"label":${id},"year":${year},"count":${count}}`);
    }
    if (out.full) await out.flush();
  }
}

const LABELS_PER_STAR = [0.3, 0.45, 0.17, 0.06, 0.01, 0.01];
const LABELS_PER_OTHER = [0.6, 0.3, 0.1];

/** Writes an artist's artist_labels rows: mostly its community's home labels, some anywhere. */
export function writeArtistLabels(
  out: JsonlWriter,
  plan: CanonPlan,
  slot: number,
  artist: number,
  career: readonly [number, number],
  canon: CanonLabelReleases,
  random: Random,
): void {
  const labels = plan.labels;
  const community = plan.communityOf[slot] as number;
  const star = plan.role[slot] === Role.star;
  const wanted = random.weighted(star ? LABELS_PER_STAR : LABELS_PER_OTHER);
  const chosen: number[] = [];
  for (let attempt = 0; attempt < wanted; attempt++) {
    let rank = -1;
    if (community >= 0 && random.chance(0.7)) rank = plan.communities.labels[community * HOME_LABELS + random.int(HOME_LABELS)] as number;
    if (rank < 0) rank = labels.popularity.sample(random);
    if (star) while (labels.dormant[rank] === 1) rank = (rank + 1) % labels.count;
    if (chosen.includes(rank)) continue;
    chosen.push(rank);
    const releases = Math.min(2000, Math.floor(random.pareto(1.4)));
    let low = Math.max(labels.start[rank] as number, career[0]);
    let high = Math.min(labels.end[rank] as number, career[1]);
    if (low > high) {
      low = labels.start[rank] as number;
      high = labels.end[rank] as number;
    }
    const first = random.between(low, high);
    const last = Math.min(high, first + Math.floor(random.float() * Math.min(releases, 12)));
    canon.add(rank, first, last, releases);
    out.row(`{"artist":${artist},"label":${labels.id[rank]},"releases":${releases},"first_year":${first},"last_year":${last}}`);
  }
}
