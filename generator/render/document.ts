import { toHtmlText, toScriptJson } from '../escape.ts';
import type { ClientAssets, Payload, SiteConfig } from '../types.ts';
import { toEmbeddedPayload } from '../../runtime/shared-data.ts';
import { renderHead } from './head.ts';
import { toLocaleConfig } from './payload.ts';
import type { ShareHead } from './share.ts';

interface DocumentExtra {
  /** Scripts that must run before first paint (behaviour.md: Root redirect); external, never inline. */
  readonly blocking?: readonly string[];
  /** Classic scripts, deferred: they run in order, before the module. */
  readonly scripts?: readonly string[];
  /** Outside what the runtime hydrates (a `<noscript>` notice). */
  readonly before?: string;
  /** None on error pages. */
  readonly share?: ShareHead;
}

/** A complete HTML5 document: no inline script, only external files. */
export function renderDocument(
  config: SiteConfig,
  assets: ClientAssets,
  payload: Payload,
  body: string,
  extra: DocumentExtra,
): string {
  const locale = toLocaleConfig(config, payload.locale);
  const scripts = (extra.scripts ?? []).map((src) => `<script src="${toHtmlText(src)}" defer></script>`).join('');
  const module = `<script type="module" src="${toHtmlText(assets.boot)}"></script>`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${locale.iso}">`,
    '<head>',
    renderHead(config, assets, payload, locale, extra),
    '</head>',
    '<body>',
    ...(extra.before ? [extra.before] : []),
    `<div id="app">${body}</div>`,
    `<script type="application/json" id="site-data">${toScriptJson(toEmbeddedPayload(payload))}</script>`,
    `${scripts}${module}`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
