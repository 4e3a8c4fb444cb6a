import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { toBuildTime } from '../build-id.ts';
import { toProblem } from '../problems/problem.ts';
import { toConflictProblem } from '../conflicts.ts';
import { findKeyLine } from '../messages.ts';
import type { SiteProblem } from '../types.ts';

// behaviour.md: Translations. The record keeps the source's text at each confirmation; a source
// that reads otherwise today makes the translation stale. No git history is read.
export const RECORD_FILE = 'site/translations.lock.json';
export const FORMAT = 1;

/** The day, and the source's normalised text then (one block a line). */
const CONFIRMATION = z.object({ confirmed: z.string(), text: z.array(z.string()) });
const ENTRY = z.object({ source: z.string(), targets: z.record(z.string(), CONFIRMATION) });

const RECORD = z.object({
  format: z.literal(FORMAT),
  /** By route (`/services/service-ramp`). */
  pages: z.record(z.string(), ENTRY),
  /** By `namespace:key`. */
  messages: z.record(z.string(), ENTRY),
});

export type RecordEntry = Readonly<z.output<typeof ENTRY>>;
export type TranslationRecord = Readonly<z.output<typeof RECORD>>;

const EMPTY_RECORD: TranslationRecord = { format: FORMAT, pages: {}, messages: {} };

/** An unreadable record is a problem at its line. */
export function readTranslationRecord(root: string): {
  record: TranslationRecord;
  exists: boolean;
  problem?: SiteProblem;
} {
  const file = path.join(root, RECORD_FILE);
  if (!existsSync(file)) return { record: EMPTY_RECORD, exists: false };
  const invalid = (reason: string, line = 1) => ({
    record: EMPTY_RECORD,
    exists: true,
    problem: toProblem('TRANSLATIONS_RECORD_INVALID', { reason }, { file: RECORD_FILE, line, column: 1 }),
  });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return invalid(
      code === 'EISDIR' ? 'it is a folder, not a file' : `the file system refused it (${code ?? String(error)})`,
    );
  }
  const conflict = toConflictProblem(RECORD_FILE, text);
  if (conflict) return { record: EMPTY_RECORD, exists: true, problem: conflict };
  try {
    const parsed = JSON.parse(text) as unknown;
    const fault = findRecordFault(parsed);
    // A hand edit or merge goes wrong in one place: point at it.
    if (fault) return invalid(fault.reason, fault.entry === undefined ? 1 : findKeyLine(text, fault.entry));
    return { record: parsed as TranslationRecord, exists: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(reason);
    return invalid(reason, at ? text.slice(0, Number(at[1])).split('\n').length : 1);
  }
}

/** The first fault of a record edited or merged by hand, and the entry it is in. */
function findRecordFault(parsed: unknown): { reason: string; entry?: string } | null {
  const result = RECORD.safeParse(parsed);
  if (result.success) return null;
  const shape = `a record of format ${FORMAT} with "pages" and "messages"`;
  const [group, name, , locale] = (result.error.issues[0]?.path ?? []).map(String);
  if (group === undefined || group === 'format') return { reason: `it is not ${shape}` };
  if (name === undefined) return { reason: `its "${group}" is not an object: it is not ${shape}` };
  const at = `${group} → ${JSON.stringify(name)}`;
  if (locale === undefined)
    return { reason: `${at} is not an entry with a "source" locale and its "targets"`, entry: name };
  return {
    reason: `${at} → targets → ${locale} is not a confirmation with its "confirmed" day and the source's "text" (a list of texts)`,
    entry: name,
  };
}

/** Sorted keys, one text block a line: readable diffs. */
export function writeTranslationRecord(root: string, record: TranslationRecord): void {
  const sorted = (_key: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value;
  const file = path.join(root, RECORD_FILE);
  // A hidden name, which `site serve --watch` ignores: a confirmation is no edited source.
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(partial, `${JSON.stringify(record, sorted, 2)}\n`);
  renameSync(partial, file);
}

export const DAY = 86_400_000;

/** In UTC; SOURCE_DATE_EPOCH when set, for reproducible records. */
export function today(): string {
  return new Date(toBuildTime().time).toISOString().slice(0, 10);
}
