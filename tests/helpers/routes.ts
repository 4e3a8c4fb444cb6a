import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './make-site.ts';

// The real site's routes, read from its content folder by the file-name rule (`<path>.<locale>.md`,
// `index` naming a folder's own page), not from the generator: the tests compare what the build
// made with what the files say. tests/build/site.test.ts pins the count to the 67 of the inventory.

const CONTENT = path.join(REPO_ROOT, 'site/content');
const FILES = (readdirSync(CONTENT, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.md'));

const toRoute = (file: string) => `/${file.replace(/\.[^./]+\.md$/, '').replace(/(^|\/)index$/, '')}`;

/** Every route of the real site, `/` first, then in path order. */
export const ROUTES: readonly string[] = [...new Set(FILES.map(toRoute))].sort((a, b) =>
  a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b),
);

/** Routes written in one language only (behaviour.md: Single-language pages): no zhHant file. */
export const EN_ONLY: ReadonlySet<string> = new Set(
  ROUTES.filter((route) => !FILES.some((f) => toRoute(f) === route && f.endsWith('.zhHant.md'))),
);
