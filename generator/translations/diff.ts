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

/** The runs of `before` and `after` kept, removed and added; null when they differ past MAX_EDITS. */
function diffRuns<T>(before: readonly T[], after: readonly T[]): ChangeObject<T[]>[] | null {
  return diffArrays([...before], [...after], { maxEditLength: MAX_EDITS }) ?? null;
}

const toChange = (run: ChangeObject<unknown>): DiffPart['change'] =>
  run.added ? 'added' : run.removed ? 'removed' : 'same';

/** By word; Chinese by character. */
function diffText(before: string, after: string): DiffPart[] {
  const runs = diffRuns(before.match(TOKEN) ?? [], after.match(TOKEN) ?? []);
  if (!runs) return [whole(before, 'removed'), whole(after, 'added')].filter((part) => part.text !== '');
  return runs.map((run) => whole(run.value.join(''), toChange(run)));
}

const whole = (text: string, change: DiffPart['change']): DiffPart => ({ text, change });

/** Blocks changed in place are diffed word by word; added and removed blocks stand whole. */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffPart[][] {
  const runs = diffRuns(before, after) ?? [
    { value: [...before], added: false, removed: true, count: before.length },
    { value: [...after], added: true, removed: false, count: after.length },
  ];
  const changes: DiffPart[][] = [];
  // A run of removed blocks comes before the run added in their place: the two are paired.
  let removed: string[] = [];
  for (const run of [...runs, null]) {
    if (run?.removed) {
      removed = run.value;
      continue;
    }
    const added = run?.added ? run.value : [];
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const old = removed[k];
      const now = added[k];
      if (old !== undefined && now !== undefined) changes.push(diffText(old, now));
      else if (old !== undefined) changes.push([whole(old, 'removed')]);
      else if (now !== undefined) changes.push([whole(now, 'added')]);
    }
    removed = [];
  }
  return changes;
}
