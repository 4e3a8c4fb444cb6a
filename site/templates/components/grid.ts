// Column counts for grids of tiles, chosen from the number of tiles so that rows are full.

/** Columns for `count` tiles: the most up to `max` that divide them, else that leave no lone tile. */
export function toColumns(count: number, max: number): number {
  for (let c = max; c >= 2; c--) if (count % c === 0) return c;
  for (let c = max; c >= 2; c--) if (count % c !== 1) return c;
  return Math.max(1, Math.min(count, max));
}

/** The class names of a card grid: three columns at most on desktops, two on tablets. */
export function toCardGrid(count: number): string {
  return `cards--md-${count % 2 === 0 ? 2 : 1} cards--lg-${toColumns(count, 3)}`;
}
