import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readCacheFileSync, removeUnused, UNUSED_MS, writeCacheFileSync } from '../file-cache.ts';
import { toCodeVersion, toPackageVersions } from '../code-version.ts';
import { CACHES, isCacheReading } from '../caches.ts';
import type { Contact, ContentFile, LocaleCode } from '../types.ts';

// Rendered Markdown kept between builds (node_modules/.cache/site/markdown): a page body whose text,
// file, locales and contacts are as they were, rendered by the same code, is read back instead of
// rendered again. Each entry also keeps every internal link it resolved and what it resolved to:
// the entry is used only when each of those links resolves to the same address today, so a page
// removed, renamed or added elsewhere is never hidden. Only bodies without problems are kept: a
// body with a broken link is rendered every time, and its problem reported every time.

const { dir: DIR, format: FORMAT } = CACHES.markdown;

export interface MarkdownEntry {
  readonly html: string;
  /** Each link written in the body, with the address it was written out as. */
  readonly links: readonly (readonly [href: string, resolved: string])[];
  /** Each image, with the address it was written out as. */
  readonly images: readonly (readonly [src: string, resolved: string])[];
}

/** What a body's HTML depends on besides its text: the contacts it links, the words it keeps whole. */
export interface BodySettings {
  readonly contacts?: readonly Contact[];
  readonly keepWhole?: readonly string[];
}

/** The settings as the key holds them, written once per set (every page of a build shares one). */
const settingsKeys = new WeakMap<BodySettings, string>();

/** The entry's name: everything the rendered HTML depends on, apart from the links it checks. */
export function toEntryKey(file: ContentFile, locale: LocaleCode, settings: BodySettings = {}): string {
  let settingsKey = settingsKeys.get(settings);
  if (settingsKey === undefined) {
    settingsKey = JSON.stringify([settings.contacts ?? [], settings.keepWhole ?? []]);
    settingsKeys.set(settings, settingsKey);
  }
  return createHash('sha256')
    .update(
      `${FORMAT}\0${toCodeVersion()}\0${toPackageVersions('markdown-it')}\0${file.path}\0${file.locale}\0${locale}\0`,
    )
    .update(`${settingsKey}\0`)
    .update(file.body)
    .digest('hex')
    .slice(0, 32);
}

/** Whether an entry of `key` is there to be read (not whether its links still resolve the same). */
export function hasEntry(key: string): boolean {
  return isCacheReading() && existsSync(path.join(DIR, `${key}.json`));
}

/** The entry of `key`, or null when there is none or it cannot be read as one. */
export function readEntry(key: string): MarkdownEntry | null {
  const text = readCacheFileSync(path.join(DIR, `${key}.json`));
  if (text === null) return null;
  try {
    const entry = JSON.parse(text) as unknown;
    return isEntry(entry) ? entry : null;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is MarkdownEntry {
  const entry = value as Partial<MarkdownEntry> | null;
  const isPairs = (list: unknown) =>
    Array.isArray(list) &&
    list.every(
      (pair) => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string' && pair.length === 2,
    );
  return typeof entry?.html === 'string' && isPairs(entry.links) && isPairs(entry.images);
}

/** Keeps an entry (see writeCacheFileSync: never half written, never an error). */
export function writeEntry(key: string, entry: MarkdownEntry): void {
  writeCacheFileSync(
    path.join(DIR, `${key}.json`),
    JSON.stringify({ html: entry.html, links: entry.links, images: entry.images }),
  );
}

/**
 * Once a day at most (a sweep reads the date of every entry): removes the Markdown and page entries
 * unused for a day, and writes that were never finished. Called once per build.
 */
export async function sweepRenderCaches(): Promise<void> {
  await Promise.all(
    [DIR, CACHES.pages.dir].map(async (dir) => {
      const swept = path.join(dir, 'swept');
      const last = await stat(swept).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      if (Date.now() - last < UNUSED_MS) return;
      await removeUnused(dir, (name) => /\.(json|txt|tmp)$/.test(name));
      await writeFile(swept, '').catch(() => undefined);
    }),
  );
}
