/**
 * Communities: groups of artists that listen-alike data would cluster
 * together. Each has a size (heavy-tailed), a popularity, a genre profile
 * (main genre, maybe a second, up to four styles), a home scene, a few home
 * labels, and a centre on the map in both layouts. Communities are stored
 * sorted by main genre, and their members are consecutive slots, so slot
 * neighbourhoods, genre neighbourhoods and map neighbourhoods coincide.
 */
import type { LabelTable } from './labels.ts';
import { NEBULAE } from './nebulae.ts';
import type { PlaceTable } from './places.ts';
import { Random, Stream } from './random.ts';
import { Zipf } from './zipf.ts';

export const STYLE_SLOTS = 4;
export const HOME_LABELS = 3;
/** Half the side of the square the map lives in. */
export const MAP_EXTENT = 1000;

export interface Communities {
  readonly count: number;
  readonly start: Int32Array;
  readonly size: Int32Array;
  readonly genre: Int16Array;
  /** Second genre, or -1. */
  readonly second: Int16Array;
  /** STYLE_SLOTS style indices per community, -1 for none. */
  readonly styles: Int16Array;
  /** Home place rank. */
  readonly home: Int32Array;
  /** HOME_LABELS label ranks per community, -1 for none. */
  readonly labels: Int32Array;
  readonly popularity: Float64Array;
  readonly centreX: Float64Array;
  readonly centreY: Float64Array;
  readonly oldX: Float64Array;
  readonly oldY: Float64Array;
  readonly spread: Float64Array;
}

export const genrePopularity = new Zipf(NEBULAE.genres.length, 1.1);
const stylePopularity = NEBULAE.stylesOfGenre.map((list) => new Zipf(list.length, 0.9));

export function clampToMap(value: number): number {
  return value > MAP_EXTENT ? MAP_EXTENT : value < -MAP_EXTENT ? -MAP_EXTENT : value;
}

/** A style of genre `g`, drawn by its popularity within the genre. */
export function styleOf(g: number, random: Random): number {
  const list = NEBULAE.stylesOfGenre[g] ?? [];
  const zipf = stylePopularity[g];
  if (zipf === undefined || list.length === 0) return 0;
  return list[zipf.sample(random)] as number;
}

/** Splits `members` slots into communities and gives each its profile and place on the map. */
export function buildCommunities(seed: number, members: number, places: PlaceTable, labels: LabelTable): Communities {
  const random = new Random(seed, Stream.plan, 1);
  const meanSize = Math.min(150, Math.max(6, members / 25));
  const mu = Math.log(meanSize) - 0.405;
  const sizes: number[] = [];
  const genres: number[] = [];
  let covered = 0;
  while (covered < members) {
    const size = Math.min(members - covered, Math.max(2, Math.round(Math.exp(mu + 0.9 * random.normal()))));
    sizes.push(size);
    genres.push(genrePopularity.sample(random));
    covered += size;
  }
  const count = sizes.length;
  const sorted = Array.from({ length: count }, (_, i) => i).sort((a, b) => (genres[a] as number) - (genres[b] as number) || a - b);

  // genre regions: popular genres get a wider region
  const regionX = new Float64Array(NEBULAE.genres.length);
  const regionY = new Float64Array(NEBULAE.genres.length);
  const regionRadius = new Float64Array(NEBULAE.genres.length);
  for (let g = 0; g < NEBULAE.genres.length; g++) {
    regionX[g] = (random.float() * 2 - 1) * 650;
    regionY[g] = (random.float() * 2 - 1) * 650;
    regionRadius[g] = 60 + 500 * Math.sqrt(genrePopularity.share(g));
  }
  const turn = 0.35 + random.float() * 0.4;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);

  const c: Communities = {
    count,
    start: new Int32Array(count),
    size: new Int32Array(count),
    genre: new Int16Array(count),
    second: new Int16Array(count),
    styles: new Int16Array(count * STYLE_SLOTS),
    home: new Int32Array(count),
    labels: new Int32Array(count * HOME_LABELS),
    popularity: new Float64Array(count),
    centreX: new Float64Array(count),
    centreY: new Float64Array(count),
    oldX: new Float64Array(count),
    oldY: new Float64Array(count),
    spread: new Float64Array(count),
  };
  let start = 0;
  sorted.forEach((original, i) => {
    const size = sizes[original] as number;
    const g = genres[original] as number;
    c.start[i] = start;
    c.size[i] = size;
    start += size;
    c.genre[i] = g;
    let second = -1;
    if (random.chance(0.45)) {
      second = genrePopularity.sample(random);
      if (second === g) second = -1;
    }
    c.second[i] = second;
    for (let k = 0; k < STYLE_SLOTS; k++) {
      const from = k === STYLE_SLOTS - 1 && second >= 0 ? second : g;
      let style = random.chance(0.85) ? styleOf(from, random) : -1;
      for (let j = 0; j < k; j++) if (c.styles[i * STYLE_SLOTS + j] === style) style = -1;
      c.styles[i * STYLE_SLOTS + k] = style;
    }
    c.home[i] = places.popularity.sample(random);
    const homeLabels = 1 + random.int(HOME_LABELS);
    for (let k = 0; k < HOME_LABELS; k++) c.labels[i * HOME_LABELS + k] = k < homeLabels ? labels.popularity.sample(random) : -1;
    c.popularity[i] = random.pareto(1.6);
    const radius = regionRadius[g] as number;
    const x = clampToMap((regionX[g] as number) + random.normal() * radius * 0.6);
    const y = clampToMap((regionY[g] as number) + random.normal() * radius * 0.6);
    c.centreX[i] = x;
    c.centreY[i] = y;
    // the older layout: the same regions turned and shifted, communities nudged
    c.oldX[i] = clampToMap(0.9 * (x * cos - y * sin) + 40 + random.normal() * 35);
    c.oldY[i] = clampToMap(0.9 * (x * sin + y * cos) - 25 + random.normal() * 35);
    c.spread[i] = 4 + 2.2 * Math.sqrt(size);
  });
  return c;
}
