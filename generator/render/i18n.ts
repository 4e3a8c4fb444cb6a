import i18next from 'i18next';
import type { LocaleCode, Messages, SiteConfig, Translate } from '../types.ts';
import { NAMESPACES } from '../load/messages.ts';

export type MissingKeyHandler = (locale: LocaleCode, ns: string, key: string) => void;

/**
 * One translator per locale over the shared namespaces (SPEC §3). There is no fallback on the
 * server: a key a template reads that a locale lacks is reported, and fails the build.
 */
export function createTranslators(
  config: SiteConfig,
  messages: Messages,
  onMissing: MissingKeyHandler,
  used?: Set<string>,
): Map<LocaleCode, Translate> {
  return new Map(
    config.locales.map(({ code }) => {
      const instance = i18next.createInstance();
      void instance.init({
        lng: code,
        fallbackLng: false,
        resources: { [code]: messages[code] ?? {} },
        ns: [...NAMESPACES],
        defaultNS: 'common',
        initAsync: false,
        saveMissing: true,
        missingKeyHandler: (_lngs, ns, key) => onMissing(code, ns, key),
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
      });
      // Every page reads the same navigation and footer texts: a key without options is looked up
      // once per locale (after the first lookup has reported it if it is missing).
      const plain = new Map<string, string>();
      const t: Translate = (key, options) => {
        // `site check` asks which keys the pages read: `ns:key`, the default namespace made explicit.
        used?.add(key.includes(':') ? key : `common:${key}`);
        if (options) return String(instance.t(key, options as never));
        let text = plain.get(key);
        if (text === undefined) {
          text = String(instance.t(key));
          plain.set(key, text);
        }
        return text;
      };
      return [code, t] as const;
    }),
  );
}
