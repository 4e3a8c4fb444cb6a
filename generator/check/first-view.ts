// What a page loads of JavaScript on first view (behaviour.md: Pages on demand): its classic and
// module scripts, and every module they import statically, found in the files themselves as the
// browser finds them. Dynamic imports (`import("…")`) load later and are not counted.

/** An `import … from "…"`, `import "…"` or `export … from "…"` of a relative module. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The root-relative URLs of the scripts a page's HTML loads on first view, imports included;
 * `read` returns a script's text by its URL (null when it is missing).
 */
export function toFirstViewScripts(html: string, read: (url: string) => string | null): string[] {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    const text = read(url);
    if (text === null) return;
    for (const [, specifier] of text.matchAll(STATIC_IMPORT))
      visit(new URL(specifier as string, `https://site.invalid${url}`).pathname);
  };
  for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) visit((src as string).split('?')[0] as string);
  return [...found];
}
