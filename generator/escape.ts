const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = new RegExp(HTML_SPECIAL, 'g');

/** For HTML content and double-quoted attributes; most text has nothing to escape, which one search tells. */
export function toHtmlText(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (c) => HTML_ESCAPES[c] as string) : text;
}

const HTML_UNESCAPES: Record<string, string> = { quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>', amp: '&' };

/** The text of HTML content or an attribute value as rendered (toHtmlText's and React's escapes). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(quot|#39|#x27|lt|gt|amp);/g, (_entity, name: string) => HTML_UNESCAPES[name] as string);
}

const SCRIPT_SPECIAL = /[<>&\u2028\u2029]/;
const SCRIPT_SPECIALS = new RegExp(SCRIPT_SPECIAL, 'g');

/** For a `<script type="application/json">`: escaped so that no text can close the element. */
export function toScriptJson(data: unknown): string {
  const json = JSON.stringify(data);
  return SCRIPT_SPECIAL.test(json)
    ? json.replace(SCRIPT_SPECIALS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
}
