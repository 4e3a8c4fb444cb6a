import { toHtmlText, toScriptJson } from '../escape.ts';
import type { LocaleConfig, Payload } from '../types.ts';
import { toEmbeddedPayload } from '../../runtime/shared-data.ts';

interface DocumentInput {
  readonly locale: LocaleConfig;
  readonly head: string;
  readonly body: string;
  readonly payload: Payload;
  /** Classic scripts, deferred: they run in order, before the module. */
  readonly scripts: readonly string[];
  readonly modules: readonly string[];
  /** Outside what the runtime hydrates (a `<noscript>` notice). */
  readonly before?: string;
}

/** A complete HTML5 document: no inline script, only external files. */
export function renderDocument(input: DocumentInput): string {
  const scripts = input.scripts.map((src) => `<script src="${toHtmlText(src)}" defer></script>`).join('');
  const modules = input.modules.map((src) => `<script type="module" src="${toHtmlText(src)}"></script>`).join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${input.locale.iso}">`,
    '<head>',
    input.head,
    '</head>',
    '<body>',
    ...(input.before ? [input.before] : []),
    `<div id="app">${input.body}</div>`,
    `<script type="application/json" id="site-data">${toScriptJson(toEmbeddedPayload(input.payload))}</script>`,
    `${scripts}${modules}`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
