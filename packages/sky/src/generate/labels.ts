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
import { Random, Stream } from './random.ts';
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
  const namesakes = new Map<number, number>();
  const start = new Int16Array(count);
  const end = new Int16Array(count);
  const parent = new Int32Array(count).fill(-1);
  const dormant = new Uint8Array(count);
  for (let r = 0; r < count; r++) {
    if (r > 10 && random.chance(0.06)) dormant[r] = 1;
    if (r > 3 && random.chance(0.04)) {
      const original = random.int(r);
      const root = base[original] as string;
      const number = (namesakes.get(original) ?? 1) + 1;
      namesakes.set(original, number);
      base.push(root);
      name.push(`${root} (${number})`);
    } else {
      const fresh = labelName(random);
      base.push(fresh);
      name.push(fresh);
    }
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
  for (let i = count - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = positions[i] as number;
    positions[i] = positions[j] as number;
    positions[j] = t;
  }
  for (let r = 0; r < count; r++) id[r] = ids[positions[r] as number] as number;
  return { count, id, name, start, end, parent, dormant, popularity: new Zipf(count, 0.75) };
}

/** Writes labels.jsonl and label_years.jsonl in label id order. */
export async function writeLabels(plan: CanonPlan, labelsOut: JsonlWriter, yearsOut: JsonlWriter): Promise<void> {
  const labels = plan.labels;
  const random = new Random(plan.seed, Stream.label, 1);
  const ranks = Int32Array.from({ length: labels.count }, (_, i) => i).sort((a, b) => (labels.id[a] as number) - (labels.id[b] as number));
  // roughly what the canon's artists release on all labels together, to keep official counts above it
  const canonReleases = plan.artists * 3.5;
  for (const r of ranks) {
    random.reseed(plan.seed, Stream.label, 1000 + r);
    const id = labels.id[r] as number;
    const parentRank = labels.parent[r] as number;
    let row = `{"id":${id},"name":${JSON.stringify(labels.name[r])}`;
    const profile = labelProfile(plan, r, random);
    if (profile !== undefined) row += `,"profile":${profile === null ? 'null' : JSON.stringify(profile)}`;
    if (parentRank >= 0) row += `,"parent":${labels.id[parentRank]}`;
    else if (random.chance(0.7)) row += ',"parent":null';
    labelsOut.row(row + '}');

    const first = labels.start[r] as number;
    const last = labels.end[r] as number;
    const perYear = (2 * labels.popularity.share(r) * canonReleases) / (last - first + 1) + 2;
    for (let year = first; year <= last; year++) {
      if (year !== first && random.chance(0.08)) continue;
      const count = 1 + Math.round(perYear * random.lognormal(0.5));
      yearsOut.row(`{"label":${id},"year":${year},"count":${count}}`);
    }
    if (labelsOut.full) await labelsOut.flush();
    if (yearsOut.full) await yearsOut.flush();
  }
}

const LABELS_PER_STAR = [0.3, 0.45, 0.17, 0.06, 0.01, 0.01];
const LABELS_PER_OTHER = [0.6, 0.3, 0.1];
const chosen = new Int32Array(8);

/** Writes an artist's artist_labels rows: mostly its community's home labels, some anywhere. */
export function writeArtistLabels(out: JsonlWriter, plan: CanonPlan, slot: number, artist: number, career: readonly [number, number], random: Random): void {
  const labels = plan.labels;
  const community = plan.communityOf[slot] as number;
  const star = plan.role[slot] === Role.star;
  const wanted = random.weighted(star ? LABELS_PER_STAR : LABELS_PER_OTHER);
  let n = 0;
  for (let attempt = 0; attempt < wanted; attempt++) {
    let rank = -1;
    if (community >= 0 && random.chance(0.7)) rank = plan.communities.labels[community * HOME_LABELS + random.int(HOME_LABELS)] as number;
    if (rank < 0) rank = labels.popularity.sample(random);
    if (star) while (labels.dormant[rank] === 1) rank = (rank + 1) % labels.count;
    let seen = false;
    for (let i = 0; i < n; i++) if (chosen[i] === rank) seen = true;
    if (seen) continue;
    chosen[n++] = rank;
    const releases = Math.min(2000, Math.floor(random.pareto(1.4)));
    let low = Math.max(labels.start[rank] as number, career[0]);
    let high = Math.min(labels.end[rank] as number, career[1]);
    if (low > high) {
      low = labels.start[rank] as number;
      high = labels.end[rank] as number;
    }
    const first = random.between(low, high);
    const last = Math.min(high, first + Math.floor(random.float() * Math.min(releases, 12)));
    out.row(`{"artist":${artist},"label":${labels.id[rank]},"releases":${releases},"first_year":${first},"last_year":${last}}`);
  }
}
