import { createTranslator } from '../../runtime/translate.ts';
import type { LocaleCode, Messages, SiteConfig, Translate } from '../types.ts';

/**
 * One translator per locale (behaviour.md: Texts): the browser's own, so both render a text alike.
 * No fallback: a key a locale lacks is reported, and fails the build.
 */
export function createTranslators(
  config: SiteConfig,
  messages: Messages,
  onMissing: (locale: LocaleCode, ns: string, key: string) => void,
  used?: Set<string>,
): Map<LocaleCode, Translate> {
  return new Map(
    config.locales.map(({ code, iso }) => {
      const translate = createTranslator([{ iso, messages: messages[code] ?? {} }], (ns, key) =>
        onMissing(code, ns, key),
      );
      // For `site check`: `ns:key`, the default namespace made explicit.
      const t: Translate = used
        ? (key, values) => {
            used.add(key.includes(':') ? key : `common:${key}`);
            return translate(key, values);
          }
        : translate;
      return [code, t] as const;
    }),
  );
}
