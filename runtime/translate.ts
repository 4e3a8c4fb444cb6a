import i18next from 'i18next';
import type { MessageTree, Translate } from '../generator/types.ts';

/** `iso` picks the plural rules. */
export interface Catalog {
  readonly iso: string;
  readonly messages: Readonly<Record<string, MessageTree>>;
}

/**
 * Server and browser share it, so both render the same strings (behaviour.md: Texts). A missing key
 * renders as its path and is reported to `onMissing` (the build fails on it).
 */
export function createTranslator(
  catalogs: readonly Catalog[],
  onMissing?: (ns: string, key: string) => void,
): Translate {
  const lngs = catalogs.map(({ iso }) => Intl.getCanonicalLocales(iso)[0] as string);
  let missed = false;
  const miss = (ns: string, key: string) => {
    missed = true;
    onMissing?.(ns, key);
  };
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lngs[0],
    fallbackLng: lngs.slice(1),
    resources: Object.fromEntries(catalogs.map(({ messages }, at) => [lngs[at], messages])),
    // Resources are inline, so init is synchronous.
    initAsync: false,
    defaultNS: 'common',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => miss(ns, key),
    returnedObjectHandler: (key, _value, options: { ns: string[] }) => {
      miss(options.ns[0] as string, key);
      return key;
    },
  });
  // Every page repeats the navigation and footer texts.
  const known = new Map<string, string>();
  return (key, values) => {
    const id = values ? `${key}\0${JSON.stringify(values)}` : key;
    let text = known.get(id);
    if (text === undefined) {
      missed = false;
      text = i18n.t(key, values) as string;
      if (!missed) known.set(id, text);
    }
    return text;
  };
}
