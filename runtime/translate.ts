import type { MessageTree, Translate } from '../generator/types.ts';

/** Namespace → its message tree, for one locale. */
export type Catalog = Record<string, MessageTree>;

/**
 * The browser's translator: `t('ns:key.path', { name })` over catalogs tried in order (the
 * page's locale, then the fallback), with i18next's `{{name}}` interpolation, so the browser renders
 * exactly what the server rendered with i18next.
 */
export function createTranslator(catalogs: readonly Catalog[]): Translate {
  return (key, options) => {
    const at = key.indexOf(':');
    const ns = at < 0 ? 'common' : key.slice(0, at);
    const path = (at < 0 ? key : key.slice(at + 1)).split('.');
    for (const catalog of catalogs) {
      let value: MessageTree | string | undefined = catalog[ns];
      for (const part of path) value = typeof value === 'object' ? value[part] : undefined;
      if (typeof value === 'string')
        return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
    }
    return path.join('.');
  };
}
