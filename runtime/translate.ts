import i18next from 'i18next';
import type { MessageTree, Translate } from '../generator/types.ts';

/** One locale's texts: its language tag (whose plural rules its texts follow) and its namespaces. */
export interface Catalog {
  readonly iso: string;
  readonly messages: Readonly<Record<string, MessageTree>>;
}

/**
 * The one translator of the site, i18next with the same options on the server and in the browser,
 * so both render the same strings (behaviour.md: Texts): `t('ns:key.path', { name })` over the
 * catalogs tried in order (the page's locale, then, in the browser, the fallback), `common` as the
 * default namespace, `{{name}}` filled in as it is (React escapes it), `key_one`/`key_other` chosen
 * by `count` with the language's plural rules. A missing key renders as its path, and `onMissing`
 * hears of it (the server reports it and fails the build).
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
    // Given inline, so the texts are there at once: nothing renders before they are.
    initAsync: false,
    defaultNS: 'common',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => miss(ns, key),
    // A key that names a group of texts rather than one is missing as well.
    returnedObjectHandler: (key, _value, options: { ns: string[] }) => {
      miss(options.ns[0] as string, key);
      return key;
    },
  });
  // Every page reads the same navigation and footer texts, and its language link with the same
  // value: a text is looked up once for each set of values (texts and numbers).
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
