import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Payload } from '../../generator/types.ts';

// A build's output read back from its folder, named as an in-memory build names its files: tests
// that only read what the real site's pages hold read the build the run makes once (the global
// setup's `builtSite`) instead of building the site again.

/** Every file of an output folder, by its path in it (`en/contact/index.html`), sorted. */
export function listOutput(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The text of every file of an output folder that `wanted` names, by its path. */
export function readOutputTexts(dir: string, wanted: (file: string) => boolean): Map<string, string> {
  return new Map(
    listOutput(dir)
      .filter(wanted)
      .map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]),
  );
}

/** The payload of every page of an output folder (its `_payload.json`), in the order of their files. */
export function readOutputPayloads(dir: string): Payload[] {
  const texts = readOutputTexts(dir, (file) => file === '_payload.json' || file.endsWith('/_payload.json'));
  return [...texts.values()].map((text) => JSON.parse(text) as Payload);
}
