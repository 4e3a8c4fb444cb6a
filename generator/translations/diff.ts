// The difference between a source's text when its translation was confirmed and today's.

/** A piece of a changed block: kept, taken out or put in since the translation was confirmed. */
export interface DiffPart {
  readonly text: string;
  readonly change: 'same' | 'removed' | 'added';
}

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]|[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu;

export function toTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The longest common subsequence's pairs of indexes (a classic table: blocks and paragraphs are short). */
function commonPairs<T>(a: readonly T[], b: readonly T[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  // Past a few million cells, no pairing: the texts are shown as taken out and put in whole.
  if (n * m > 4_000_000) return [];
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      (table[i] as Uint16Array)[j] =
        a[i] === b[j]
          ? ((table[i + 1] as Uint16Array)[j + 1] as number) + 1
          : Math.max((table[i + 1] as Uint16Array)[j] as number, (table[i] as Uint16Array)[j + 1] as number);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (((table[i + 1] as Uint16Array)[j] as number) >= ((table[i] as Uint16Array)[j + 1] as number)) i++;
    else j++;
  }
  return pairs;
}

/** The word-level (Chinese: character-level) difference of two texts, as parts. */
export function diffText(before: string, after: string): DiffPart[] {
  const a = toTokens(before);
  const b = toTokens(after);
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

/** The blocks that changed, each as the difference of its old and new text; added and removed blocks whole. */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffPart[][] {
  const changes: DiffPart[][] = [];
  let i = 0;
  let j = 0;
  for (const [x, y] of [...commonPairs(before, after), [before.length, after.length] as [number, number]]) {
    const removed = before.slice(i, x);
    const added = after.slice(j, y);
    // Blocks changed in place are compared word by word; the rest stand whole.
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
