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

// html-validate's recommended rules (README), less those against markup written so on purpose.
export const HTML_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes `<!-- -->` between adjacent text nodes; they are harmless.
    'no-conditional-comment': 'off',
    // React's attributes: `data-x=""`, bare booleans, camel case (`hrefLang`; HTML ignores case).
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    'attr-case': 'off',
    // React closes void elements (`<img/>`), the head writes them plain (`<meta>`): both are HTML5.
    'void-style': 'off',
    // Heading ids come from heading text and may start with a digit (`2025-at-a-glance`): valid HTML5.
    'valid-id': ['error', { relaxed: true }],
    // Telephone numbers are written as the company writes them; CSS keeps them on one line.
    'tel-non-breaking': 'off',
    // SEO_TITLE_LONG measures a title as a result shows it (behaviour.md: Head and SEO).
    'long-title': 'off',
    // Checkboxes share a name as radios do: `Stations=TPE&Stations=KHH` (behaviour.md: Proposal requests).
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
};

/** Resolved once: html-validate would resolve it for every page, most of its time. */
class SiteConfigLoader extends StaticConfigLoader {
  private resolved: ResolvedConfig | Promise<ResolvedConfig> | null = null;

  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

/** html-validate's errors on one page. */
interface HtmlRecord extends InputRecord {
  readonly messages: readonly { readonly reason: string; readonly rule: string; line: number; column: number }[];
}

const HTML_CACHE_DIR = CACHES.html.dir;

/** Validates pages not validated before: keyed by their bytes less the build id, which every build changes. */
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
