import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];

/**
 * A temporary copy of the real site with some files replaced (a string) or removed (null):
 * `makeSite({ 'site/content/news/n.en.md': '---\ntitle: [\n---' })`. Returns the new root.
 */
export function makeSite(files: Record<string, string | null> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'site-test-'));
  made.push(root);
  cpSync(path.join(REPO_ROOT, 'site'), path.join(root, 'site'), { recursive: true });
  for (const [file, contents] of Object.entries(files)) {
    const target = path.join(root, file);
    if (contents === null) {
      rmSync(target, { force: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
  return root;
}

/** Removes every temporary site made by this test file. */
export function removeSites(): void {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
}
