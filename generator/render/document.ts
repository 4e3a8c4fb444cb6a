import type { LocaleConfig } from '../types.ts';

export interface DocumentInput {
  readonly locale: LocaleConfig;
  readonly head: string;
  /** The server-rendered app markup. */
  readonly body: string;
  /** Root-relative URLs of external scripts; pages carry no inline script. */
  readonly scripts: readonly string[];
}

/** A complete HTML5 document. */
export function renderDocument(input: DocumentInput): string {
  const scripts = input.scripts.map((src) => `<script src="${src}" defer></script>`).join('');
  return `<!doctype html>\n<html lang="${input.locale.iso}">\n<head>\n${input.head}\n</head>\n<body>\n<div id="app">${input.body}</div>${scripts}\n</body>\n</html>\n`;
}
