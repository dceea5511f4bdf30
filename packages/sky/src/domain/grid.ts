/** Cells per side of the grid that indexes star positions for rectangle queries. */
export const GRID_SIZE = 256;

export interface Grid {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
  /** The cell of a position; positions outside the bounds fall in the nearest edge cell. */
  cellOf(x: number, y: number): number;
  /** The cells a rectangle touches, as one [first, last] range per grid row, rows ascending. */
  rangesIn(minX: number, minY: number, maxX: number, maxY: number): [number, number][];
  readonly size: number;
}

export function gridOf(minX: number, maxX: number, minY: number, maxY: number, size = GRID_SIZE): Grid {
  const spanX = maxX - minX || 1;
  const spanY = maxY - minY || 1;
  const column = (x: number) => Math.min(size - 1, Math.max(0, Math.floor(((x - minX) / spanX) * size)));
  const row = (y: number) => Math.min(size - 1, Math.max(0, Math.floor(((y - minY) / spanY) * size)));
  return {
    minX,
    maxX,
    minY,
    maxY,
    size,
    cellOf: (x, y) => row(y) * size + column(x),
    rangesIn(x0, y0, x1, y1) {
      const ranges: [number, number][] = [];
      if (x1 < minX || x0 > maxX || y1 < minY || y0 > maxY) return ranges;
      for (let r = row(y0); r <= row(y1); r++) ranges.push([r * size + column(x0), r * size + column(x1)]);
      return ranges;
    },
  };
}
