/**
 * The similarity graph under two metrics (1 older, 2 newest) and influence
 * links. Neighbours are drawn mostly from the artist's own community,
 * biased towards its first members (its hubs, which are also its heaviest
 * stars), sometimes from a community next to it in genre order, rarely from
 * anywhere, so neighbourhoods are clustered and degrees heavy-tailed. Some
 * pairs are stored in both directions and a few rows are exact repeats.
 */
import { decimal4 } from './layout.ts';
import type { CanonPlan } from './plan.ts';
import { mix32, type Random } from './random.ts';
import { Role } from './role.ts';
import type { JsonlWriter } from './writer.ts';

export const NEWEST_METRIC = 2;
export const OLDER_METRIC = 1;

const NEWEST_EDGES_OF_STAR = [0.08, 0.27, 0.33, 0.2, 0.07, 0.03, 0.01, 0.005, 0.005];
const OLDER_EDGES_OF_STAR = [0.4, 0.4, 0.2];
const MAX_EDGES = 16;

/** A slot drawn from community `c`, biased to its first members by `bias` (1 is uniform). */
function memberOf(plan: CanonPlan, c: number, bias: number, random: Random): number {
  const size = plan.communities.size[c] as number;
  return (plan.communities.start[c] as number) + Math.floor(size * Math.pow(random.float(), bias));
}

function nearbyCommunity(plan: CanonPlan, c: number, random: Random): number {
  const step = 1 + random.int(4);
  const other = random.chance(0.5) ? c + step : c - step;
  return other < 0 || other >= plan.communities.count ? c : other;
}

/** A neighbour slot: mostly in the artist's own community, sometimes next door, rarely anywhere. */
function neighbour(plan: CanonPlan, slot: number, random: Random): number {
  const c = plan.communityOf[slot] as number;
  if (c < 0) return random.int(plan.stars + plan.formerStars);
  const roll = random.float();
  if (roll < 0.88) return memberOf(plan, c, 2.5, random);
  if (roll < 0.98) return memberOf(plan, nearbyCommunity(plan, c, random), 2, random);
  return random.int(plan.artists);
}

const TWO_32 = 4294967296;

/**
 * The score of the row (a, b) under `metric`: a function of the pair alone,
 * so a row written twice (by a and, reversed, by b) has one score. Pairs in
 * one community score higher; the direction from the larger id scores a
 * little lower, so both directions of a pair differ.
 */
function pairScore(plan: CanonPlan, slotA: number, slotB: number, metric: number): number {
  const a = plan.artistId[slotA] as number;
  const b = plan.artistId[slotB] as number;
  let h = mix32((plan.seed >>> 0) ^ Math.imul(metric, 0x27d4eb2f));
  h = mix32(h ^ Math.min(a, b));
  h = mix32(h ^ Math.max(a, b));
  const u = h / TWO_32;
  const c = plan.communityOf[slotA] as number;
  let value = c >= 0 && c === plan.communityOf[slotB] ? 0.25 + 0.75 * Math.pow(u, 0.7) : 0.03 + 0.4 * u;
  if (a > b) value *= 0.8 + 0.2 * (mix32(h ^ 0x5bd1e995) / TWO_32);
  return Math.max(0.0001, value);
}

function edgeRow(plan: CanonPlan, slotA: number, slotB: number, metric: number): string {
  return `{"a":${plan.artistId[slotA]},"b":${plan.artistId[slotB]},"metric":${metric},"score":${decimal4(pairScore(plan, slotA, slotB, metric))}}`;
}

function writeEdges(out: JsonlWriter, plan: CanonPlan, slot: number, metric: number, wanted: number, random: Random): void {
  const picked: number[] = [];
  for (let attempt = 0; attempt < wanted + 2 && picked.length < wanted; attempt++) {
    const other = neighbour(plan, slot, random);
    if (other === slot || picked.includes(other)) continue;
    picked.push(other);
    const row = edgeRow(plan, slot, other, metric);
    out.row(row);
    if (random.chance(0.04)) out.row(edgeRow(plan, other, slot, metric));
    if (random.chance(0.005)) out.row(row);
  }
}

/** Writes the artist's similarity rows under both metrics. */
export function writeSimilarity(out: JsonlWriter, plan: CanonPlan, slot: number, random: Random): void {
  const role = plan.role[slot];
  let newest = 0;
  let older = 0;
  if (role === Role.star) {
    newest = random.weighted(NEWEST_EDGES_OF_STAR);
    const c = plan.communityOf[slot] as number;
    if (slot - (plan.communities.start[c] as number) < 3) newest += 2 + random.int(4);
    older = random.weighted(OLDER_EDGES_OF_STAR);
  } else if (role === Role.former) {
    newest = random.chance(0.3) ? 1 : 0;
    older = 1 + random.int(2);
  } else {
    older = random.chance(0.05) ? 1 : 0;
  }
  if (newest > 0) writeEdges(out, plan, slot, NEWEST_METRIC, Math.min(newest, MAX_EDGES), random);
  if (older > 0) writeEdges(out, plan, slot, OLDER_METRIC, Math.min(older, MAX_EDGES), random);
}

/** Writes influence rows for a minority: who shaped this artist (usually a hub of its scene), sometimes both ways. */
export function writeInfluences(out: JsonlWriter, plan: CanonPlan, slot: number, artist: number, random: Random): void {
  const c = plan.communityOf[slot] as number;
  const odds = plan.role[slot] === Role.star ? 0.04 : 0.01;
  if (!random.chance(odds)) return;
  const wanted = random.chance(0.3) ? 2 : 1;
  const picked: number[] = [];
  for (let attempt = 0; attempt < wanted + 2 && picked.length < wanted; attempt++) {
    const from = c < 0 ? random.int(plan.stars) : memberOf(plan, random.chance(0.8) ? c : nearbyCommunity(plan, c, random), 3, random);
    if (from === slot || picked.includes(from)) continue;
    picked.push(from);
    const shaper = plan.artistId[from] as number;
    const row = `{"from":${shaper},"to":${artist}}`;
    out.row(row);
    if (random.chance(0.06)) out.row(`{"from":${artist},"to":${shaper}}`);
    if (random.chance(0.01)) out.row(row);
  }
}
