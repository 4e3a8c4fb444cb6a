import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { toProblem } from '../problems/problem.ts';
import { toMessagesFile } from '../messages.ts';
import type { LocaleCode, Route, SiteConfig, SiteProblem } from '../types.ts';

/** Where the glossary lives, relative to the project folder (behaviour.md: Terms). */
export const GLOSSARY_FILE = 'docs/glossary.md';

export interface GlossaryTerm {
  readonly locale: LocaleCode;
  readonly preferred: string;
  readonly variants: readonly string[];
  readonly english: string;
}

/** The terms of `docs/glossary.md`: under `## <locale code>`, each row `| preferred | `variant`, … | English | note |`. */
export function toGlossary(text: string, locales: readonly LocaleCode[]): GlossaryTerm[] {
  const terms: GlossaryTerm[] = [];
  let locale: LocaleCode | null = null;
  for (const line of text.split('\n')) {
    const heading = /^##\s+(\S+)\s*$/.exec(line);
    if (heading) locale = locales.includes(heading[1] as string) ? (heading[1] as string) : null;
    if (!locale || !line.startsWith('|')) continue;
    const [preferred = '', variants = '', english = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    const listed = [...variants.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    if (listed.length === 0 || /^-+$/.test(preferred)) continue;
    terms.push({ locale, preferred: preferred.replace(/`/g, ''), variants: listed, english });
  }
  return terms;
}

/** `GLOSSARY_VARIANT` wherever a content or message file uses a variant the glossary lists for its locale. */
export function checkGlossary(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const file = path.join(config.root, GLOSSARY_FILE);
  if (!existsSync(file)) return [];
  const codes = config.locales.map((l) => l.code);
  const terms = toGlossary(readFileSync(file, 'utf8'), codes);
  return config.locales.flatMap((locale) => {
    const own = terms.filter((t) => t.locale === locale.code);
    if (own.length === 0) return [];
    return toLocaleFiles(config, routes, locale.code).flatMap((source) => findVariants(config.root, source, own));
  });
}

/** A locale's content and message files, relative to the project folder, with `/` separators. */
export function toLocaleFiles(config: SiteConfig, routes: readonly Route[], locale: LocaleCode): string[] {
  const contentFiles = routes.flatMap((r) => r.files[locale]?.file ?? []);
  const messageFiles = fg
    .sync('*.json', { cwd: path.join(config.localesDir, locale) })
    .sort()
    .map((name) => toMessagesFile(config, locale, name.slice(0, -'.json'.length)));
  return [...contentFiles, ...messageFiles];
}

function findVariants(root: string, file: string, terms: readonly GlossaryTerm[]): SiteProblem[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((line, i) =>
    terms.flatMap((term) =>
      term.variants.flatMap((variant) => {
        const args = { variant, preferred: term.preferred, english: term.english, glossary: GLOSSARY_FILE };
        const problems: SiteProblem[] = [];
        // Each column is counted on from the one before: a long line of variants is read once (behaviour.md: Safety).
        let [from, column] = [0, 1];
        for (let at = line.indexOf(variant); at >= 0; at = line.indexOf(variant, at + variant.length)) {
          [from, column] = [at, column + [...line.slice(from, at)].length];
          problems.push(toProblem('GLOSSARY_VARIANT', args, { file, line: i + 1, column }));
        }
        return problems;
      }),
    ),
  );
}
