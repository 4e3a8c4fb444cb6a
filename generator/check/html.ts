import { HtmlValidate, StaticConfigLoader, type ConfigData, type ResolvedConfig } from 'html-validate';
import { toProblem } from '../errors.ts';
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
    // Every title ends with the site title the company chose, which alone is long
    // (behaviour.md: Head and SEO).
    'long-title': 'off',
  },
};

/**
 * One configuration for every page: html-validate would otherwise merge, schema-check and resolve
 * it again for each page it validates (most of its time on a site of a hundred pages).
 */
class SiteConfigLoader extends StaticConfigLoader {
  private resolved: ResolvedConfig | Promise<ResolvedConfig> | null = null;

  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

export async function checkHtml(pages: readonly OutputPage[]): Promise<SiteProblem[]> {
  const validator = new HtmlValidate(new SiteConfigLoader(HTML_RULES));
  const problems: SiteProblem[] = [];
  for (const page of pages) {
    const report = await validator.validateString(page.html, page.file);
    for (const result of report.results) {
      for (const message of result.messages) {
        if (message.severity < 2) continue;
        problems.push(
          toProblem(
            'HTML_INVALID',
            { page: page.url, reason: message.message, rule: message.ruleId },
            { file: page.file, line: message.line, column: message.column },
          ),
        );
      }
    }
  }
  return problems;
}
