// A source's text at confirmation against today's.

export interface DiffPart {
  readonly text: string;
  readonly change: 'same' | 'removed' | 'added';
}

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]|[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu;

/** Longest common subsequence by the classic table: blocks and paragraphs are short. */
function commonPairs<T>(a: readonly T[], b: readonly T[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  // Past a few million cells, the texts are shown removed and added whole.
  if (n * m > 4_000_000) return [];
  const width = m + 1;
  const table = new Uint16Array((n + 1) * width);
  const at = (i: number, j: number) => table[i * width + j] as number;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/** By word; Chinese by character. */
function diffText(before: string, after: string): DiffPart[] {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  const parts: DiffPart[] = [];
  const push = (text: string, change: DiffPart['change']) => {
    const last = parts[parts.length - 1];
    if (last && last.change === change) parts[parts.length - 1] = { text: last.text + text, change };
    else if (text !== '') parts.push({ text, change });
  };
  let i = 0;
  let j = 0;
  for (const [x, y] of [...commonPairs(a, b), [a.length, b.length] as [number, number]]) {
    for (; i < x; i++) push(a[i] as string, 'removed');
    for (; j < y; j++) push(b[j] as string, 'added');
    if (x < a.length) push(a[x] as string, 'same');
    i = x + 1;
    j = y + 1;
  }
  return parts;
}

/** Blocks changed in place are diffed word by word; added and removed blocks stand whole. */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffPart[][] {
  const changes: DiffPart[][] = [];
  let i = 0;
  let j = 0;
  for (const [x, y] of [...commonPairs(before, after), [before.length, after.length] as [number, number]]) {
    const removed = before.slice(i, x);
    const added = after.slice(j, y);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const old = removed[k];
      const now = added[k];
      if (old !== undefined && now !== undefined) changes.push(diffText(old, now));
      else if (old !== undefined) changes.push([{ text: old, change: 'removed' }]);
      else if (now !== undefined) changes.push([{ text: now, change: 'added' }]);
    }
    i = x + 1;
    j = y + 1;
  }
  return changes;
}
