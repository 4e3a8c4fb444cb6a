import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HOST_PROFILES } from '../hosts.ts';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';

// A public SVG, HTML or XML document runs its script on the site's origin (behaviour.md: Safety).
// Only a header policy stops it: an error on hosts without headers, a warning elsewhere.

const DOCUMENT = /\.(?:svg|x?html?|xht|shtml|xml|xslt?)$/i;

/** A letter of `javascript:` as markup can write it: itself, or a character reference. */
function toLetterPattern(letter: string): string {
  const codes = [...new Set([letter.toLowerCase(), letter.toUpperCase()])].map((c) => c.charCodeAt(0));
  return `(?:${letter}|&#0*(?:${codes.join('|')});?|&#x0*(?:${codes.map((c) => c.toString(16)).join('|')});?)`;
}

// Browsers drop tabs and line breaks from a URL. Linear: no separator starts where a letter's reference does.
const URL_BLANK = '(?:[\\t\\n\\r]|&#0*(?:9|10|13);?|&#x0*[9ad];?|&tab;|&newline;)*';
const JAVASCRIPT_URL = new RegExp(
  `${[...'javascript'].map(toLetterPattern).join(URL_BLANK)}${URL_BLANK}(?::|&#0*58;?|&#x0*3a;?|&colon;)`,
  'i',
);

/** Each pattern linear in the text. */
const ACTIVE: readonly { readonly what: (match: string) => string; readonly pattern: RegExp }[] = [
  { what: () => 'a `<script>` element', pattern: /<(?:[\w.-]+:)?script[\s/>]/i },
  { what: (m) => `an \`${m.slice(1).replace(/\s*=$/, '')}\` event handler`, pattern: /[\s"'/]on[a-z]+\s*=/i },
  { what: () => 'a `javascript:` URL', pattern: JAVASCRIPT_URL },
  { what: () => 'an animation that sets an event handler', pattern: /attributeName\s*=\s*(?:["']\s*)?on/i },
  { what: () => 'a frame with a document of its own (`srcdoc`)', pattern: /[\s"'/]srcdoc\s*=/i },
  { what: () => 'an XSLT stylesheet, which can write script', pattern: /<\?xml-stylesheet[^<>]*xsl/i },
  { what: () => 'an entity that holds markup', pattern: /<!ENTITY\s[^"'<>]*(?:"[^"]*[<&]|'[^']*[<&])/i },
];

/** A `<foreignObject>` holding HTML that embeds a document of its own. */
const FOREIGN_FRAME = /<(?:[\w.-]+:)?(?:iframe|frame|object|embed)[\s/>]/i;

export function findActiveContent(
  config: SiteConfig,
  sources: { readonly files: readonly string[]; readonly generated: ReadonlyMap<string, string | Uint8Array> },
): SiteProblem[] {
  const noHeaders = HOST_PROFILES[config.host].policyInPage;
  const problems: SiteProblem[] = [];
  for (const file of sources.files) {
    if (!DOCUMENT.test(file)) continue;
    const generated = sources.generated.get(file);
    const text = generated === undefined ? readText(path.join(config.publicDir, file)) : toText(generated);
    const found = text === null ? null : findActive(text);
    if (!found) continue;
    // A module's lines are not its output's.
    const source = `site/public/${file}${generated === undefined ? '' : '.ts'}`;
    const loc = generated === undefined ? { file: source, ...found.at } : { file: source, line: 1, column: 1 };
    const args = { file: source, what: found.what.join(', '), host: noHeaders ? config.host : undefined };
    const problem = toProblem('PUBLIC_ACTIVE_CONTENT', args, loc);
    problems.push(noHeaders ? { ...problem, severity: 'error' } : problem);
  }
  return problems;
}

export function findActive(text: string): { what: string[]; at: { line: number; column: number } } | null {
  const found = ACTIVE.flatMap(({ what, pattern }) => {
    const match = pattern.exec(text);
    return match ? [{ what: what(match[0]), index: match.index }] : [];
  });
  const foreign = text.search(/<(?:[\w.-]+:)?foreignObject[\s/>]/i);
  const frame = foreign === -1 ? null : FOREIGN_FRAME.exec(text.slice(foreign));
  if (frame) found.push({ what: 'a `<foreignObject>` that embeds a document', index: foreign + frame.index });
  if (found.length === 0) return null;
  const first = Math.min(...found.map((f) => f.index));
  const before = text.slice(0, first);
  const line = before.split('\n').length;
  return { what: found.map((f) => f.what), at: { line, column: first - before.lastIndexOf('\n') } };
}

function readText(file: string): string | null {
  try {
    return toText(readFileSync(file));
  } catch {
    return null;
  }
}

/** As a browser reads it: UTF-16 by a byte order mark or `<` and a zero byte, else UTF-8. */
function toText(content: string | Uint8Array): string {
  if (typeof content === 'string') return content;
  const [a, b] = [content[0], content[1]];
  const little = (a === 0xff && b === 0xfe) || (a === 0x3c && b === 0);
  const big = (a === 0xfe && b === 0xff) || (a === 0 && b === 0x3c);
  return new TextDecoder(little ? 'utf-16le' : big ? 'utf-16be' : 'utf-8', { ignoreBOM: true }).decode(content);
}
