// A source's text at confirmation against today's.
import { diffArrays, type ChangeObject } from 'diff';

export interface DiffPart {
  readonly text: string;
  readonly change: 'same' | 'removed' | 'added';
}

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]|[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu;

/** Past this many edits between two texts they are shown removed and added whole. */
const MAX_EDITS = 500;

/** The runs of `before` and `after` kept, removed and added; past MAX_EDITS, all removed then all added. */
function diffRuns<T>(before: readonly T[], after: readonly T[]): ChangeObject<T[]>[] {
  return (
    diffArrays([...before], [...after], { maxEditLength: MAX_EDITS }) ?? [
      { value: [...before], added: false, removed: true, count: before.length },
      { value: [...after], added: true, removed: false, count: after.length },
    ]
  );
}

/** By word; Chinese by character. */
function diffText(before: string, after: string): DiffPart[] {
  return diffRuns(before.match(TOKEN) ?? [], after.match(TOKEN) ?? []).map((run) => ({
    text: run.value.join(''),
    change: run.added ? 'added' : run.removed ? 'removed' : 'same',
  }));
}

/** Blocks changed in place are diffed word by word; added and removed blocks stand whole. */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffPart[][] {
  const changes: DiffPart[][] = [];
  // A run of removed blocks comes before the run added in their place: the two are paired.
  let removed: string[] = [];
  for (const run of [...diffRuns(before, after), null]) {
    if (run?.removed) {
      removed = run.value;
      continue;
    }
    const added = run?.added ? run.value : [];
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const old = removed[k];
      const now = added[k];
      if (old !== undefined && now !== undefined) changes.push(diffText(old, now));
      else if (old !== undefined) changes.push([{ text: old, change: 'removed' }]);
      else if (now !== undefined) changes.push([{ text: now, change: 'added' }]);
    }
    removed = [];
  }
  return changes;
}
