import type { MessageTree, Translate } from '../generator/types.ts';

/** Namespace → its message tree, for one locale. */
export type Catalog = Record<string, MessageTree>;

export interface TranslatorOptions {
  /** Called when no catalog has the key (the server reports it and fails the build). */
  readonly onMissing?: (ns: string, key: string) => void;
}

/**
 * The one translator of the site, used by the server renderer and the browser alike so both
 * render the same strings: `t('ns:key.path', { name })` over catalogs tried in order (the page's
 * locale, then, in the browser, the fallback), `{{name}}` interpolation, `common` as the default
 * namespace. A missing key renders as its path.
 */
export function createTranslator(catalogs: readonly Catalog[], options: TranslatorOptions = {}): Translate {
  // Every page reads the same navigation and footer texts: a plain lookup is resolved once.
  const plain = new Map<string, string>();
  return (key, values) => {
    const known = values ? undefined : plain.get(key);
    if (known !== undefined) return known;
    const at = key.indexOf(':');
    const ns = at < 0 ? 'common' : key.slice(0, at);
    const path = at < 0 ? key : key.slice(at + 1);
    for (const catalog of catalogs) {
      const value = lookUp(catalog[ns], path);
      if (value === undefined) continue;
      if (values) return interpolate(value, values);
      plain.set(key, value);
      return value;
    }
    options.onMissing?.(ns, path);
    return path;
  };
}

function lookUp(tree: MessageTree | undefined, path: string): string | undefined {
  let value: MessageTree | string | undefined = tree;
  for (const part of path.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
