/**
 * Shares of an artist's discography per nebula, within a kind: a style's
 * share is its releases over the sum of the artist's style releases, and
 * likewise for genres. A genre and a style with the same name are
 * different nebulae.
 */

/** One nebula an artist carries, as the card lists it. */
export interface GenreRow {
  readonly name: string;
  readonly is_style: boolean;
  readonly releases: number;
}

export interface KindShares {
  /** Releases per nebula name; repeated rows of one name add up. */
  readonly releases: ReadonlyMap<string, number>;
  /** Sum of the kind's releases. */
  readonly total: number;
}

export interface NebulaShares {
  readonly styles: KindShares;
  readonly genres: KindShares;
}

/** Releases that count: a positive finite number; anything else counts as none. */
function counted(releases: number): number {
  return Number.isFinite(releases) && releases > 0 ? releases : 0;
}

export function nebulaShares(rows: readonly GenreRow[]): NebulaShares {
  const styles = new Map<string, number>();
  const genres = new Map<string, number>();
  let styleTotal = 0;
  let genreTotal = 0;
  for (const row of rows) {
    const releases = counted(row.releases);
    if (releases === 0) continue;
    const kind = row.is_style ? styles : genres;
    kind.set(row.name, (kind.get(row.name) ?? 0) + releases);
    if (row.is_style) styleTotal += releases;
    else genreTotal += releases;
  }
  return { styles: { releases: styles, total: styleTotal }, genres: { releases: genres, total: genreTotal } };
}

/** The share of one nebula in a kind: releases / total, 0 when the artist does not carry it. */
export function shareOf(kind: KindShares, name: string): number {
  const releases = kind.releases.get(name);
  return releases === undefined || kind.total === 0 ? 0 : releases / kind.total;
}

/**
 * Whether a nebula is at least a tenth of the kind: compared as
 * 10 × releases ≥ total, exact for integer counts (no rounding at 1/10).
 */
export function isAtLeastATenth(kind: KindShares, name: string): boolean {
  const releases = kind.releases.get(name);
  return releases !== undefined && releases * 10 >= kind.total;
}
