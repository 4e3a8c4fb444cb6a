import { createTranslator } from '../../runtime/translate.ts';
import type { LocaleCode, Messages, SiteConfig, Translate } from '../types.ts';

export type MissingKeyHandler = (locale: LocaleCode, ns: string, key: string) => void;

/**
 * One translator per locale over the shared namespaces (behaviour.md: Texts), made once per build:
 * the browser's own translator, so the server and the client cannot render a text differently.
 * There is no fallback on the server: a key a template reads that a locale lacks is reported, and
 * fails the build.
 */
export function createTranslators(
  config: SiteConfig,
  messages: Messages,
  onMissing: MissingKeyHandler,
  used?: Set<string>,
): Map<LocaleCode, Translate> {
  return new Map(
    config.locales.map(({ code, iso }) => {
      const translate = createTranslator([{ iso, messages: messages[code] ?? {} }], (ns, key) =>
        onMissing(code, ns, key),
      );
      // `site check` asks which keys the pages read: `ns:key`, the default namespace made explicit.
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
