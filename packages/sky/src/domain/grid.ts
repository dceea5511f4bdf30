/** Cells per side of the grid that indexes star positions for rectangle queries. */
export const GRID_SIZE = 256;

export interface Grid {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
  /** The cell of a position; positions outside the bounds fall in the nearest edge cell. */
  cellOf(x: number, y: number): number;
  /** Every cell a rectangle touches. */
  cellsIn(minX: number, minY: number, maxX: number, maxY: number): number[];
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
    cellOf: (x, y) => row(y) * size + column(x),
    cellsIn(x0, y0, x1, y1) {
      const cells: number[] = [];
      if (x1 < minX || x0 > maxX || y1 < minY || y0 > maxY) return cells;
      for (let r = row(y0); r <= row(y1); r++) for (let c = column(x0); c <= column(x1); c++) cells.push(r * size + c);
      return cells;
    },
  };
}
