import path from 'node:path';
import {
  HtmlValidate,
  StaticConfigLoader,
  version as htmlValidateVersion,
  type ConfigData,
  type ResolvedConfig,
} from 'html-validate';
import { toProblem } from '../problems/problem.ts';
import { hashBytes, readRecord, removeUnused, writeRecord, type InputRecord } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { SiteProblem } from '../types.ts';
import type { OutputPage } from './output.ts';

// The rule set (documented in the README): html-validate's recommended rules, less those that
// quarrel with markup the generator writes on purpose.
export const HTML_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes `<!-- -->` between adjacent text nodes; they are harmless.
    'no-conditional-comment': 'off',
    // Attributes are written as React writes them: `data-x=""`, booleans without values, and
    // camel-cased names such as `hrefLang` (HTML attribute names are case-insensitive).
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    'attr-case': 'off',
    // React closes void elements (`<img/>`), the head writes them plain (`<meta>`): both are HTML5.
    'void-style': 'off',
    // Heading ids come from heading text and may start with a digit (`2025-at-a-glance`): valid HTML5.
    'valid-id': ['error', { relaxed: true }],
    // Telephone numbers are written as the company writes them; CSS keeps them on one line.
    'tel-non-breaking': 'off',
    // A title's length is measured as a search result shows it, a Chinese character counting
    // two, by SEO_TITLE_LONG (check/head.ts; behaviour.md: Head and SEO), not by characters.
    'long-title': 'off',
    // A group of checkboxes is one field with several values, as radio buttons are: the proposal
    // request's stations are posted as `Stations=TPE`, `Stations=KHH` (behaviour.md: Proposal requests).
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
};

/** One configuration for every page: html-validate would otherwise resolve it again per page (most of its time). */
class SiteConfigLoader extends StaticConfigLoader {
  private resolved: ResolvedConfig | Promise<ResolvedConfig> | null = null;

  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

/** What html-validate said of one page: its messages of severity error, nothing when it is valid. */
interface HtmlRecord extends InputRecord {
  readonly messages: readonly { readonly reason: string; readonly rule: string; line: number; column: number }[];
}

const HTML_CACHE_DIR = CACHES.html.dir;

/**
 * Validates every page not validated before with the same rules: the cache keys a page by its bytes
 * less the build's id, which changes with every build, so an edit revalidates only the pages it changed.
 */
export async function checkHtml(pages: readonly OutputPage[], buildId: string | null = null): Promise<SiteProblem[]> {
  const validator = new HtmlValidate(new SiteConfigLoader(HTML_RULES));
  const rules = hashBytes([CACHES.html.format, htmlValidateVersion, JSON.stringify(HTML_RULES)].join('\0'));
  const problems: SiteProblem[] = [];
  const used = new Set<string>();
  for (const page of pages) {
    const text = buildId ? page.html.split(buildId).join('') : page.html;
    const file = path.join(HTML_CACHE_DIR, `${hashBytes(`${rules}\0${text}`).slice(0, 24)}.json`);
    used.add(file);
    let record = await readRecord<HtmlRecord>(file, CACHES.html.format, (input) => input);
    if (!record) {
      const report = await validator.validateString(page.html, page.file);
      const messages = report.results.flatMap((result) =>
        result.messages
          .filter((m) => m.severity >= 2)
          .map((m) => ({ reason: m.message, rule: m.ruleId, line: m.line, column: m.column })),
      );
      record = { format: CACHES.html.format, inputs: {}, messages };
      await writeRecord(file, record);
    }
    for (const { reason, rule, line, column } of record.messages)
      problems.push(toProblem('HTML_INVALID', { page: page.url, reason, rule }, { file: page.file, line, column }));
  }
  // A record read now may carry an old access time (file systems update it lazily): kept.
  await removeUnused(HTML_CACHE_DIR, (name) => name.endsWith('.json') && !used.has(path.join(HTML_CACHE_DIR, name)));
  return problems;
}
