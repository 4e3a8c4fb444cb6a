import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeSite, REPO_ROOT } from './make-site.ts';

// A small site whose configuration adds to the security policy: an analytics script (Plausible's
// address; the tests answer it themselves, nothing goes to the network), optionally one that waits
// for consent, and a page with a YouTube video (behaviour.md: Security policy, Video embeds).

export const ANALYTICS_SRC = 'https://plausible.io/js/script.js';
export const CONSENT_SRC = 'https://consent-only.example/tag.js';
export const VIDEO_PAGE = '/services/service-ramp';
export const VIDEO_ID = 'dQw4w9WgXcQ';

const RAMP = 'site/content/services/service-ramp';

/** The real configuration with `security` and `scripts` added before `check`. */
export function withSecurity(settings: string): string {
  const config = readFileSync(path.join(REPO_ROOT, 'site/site.config.ts'), 'utf8');
  return config.replace('  check: {', `${settings}\n  check: {`);
}

/** The settings of the policy site: the analytics script, and the consent-gated one when asked. */
export function toPolicySettings(consent: boolean): string {
  return [
    '  security: {',
    "    scriptSrc: ['https://plausible.io'],",
    "    connectSrc: ['https://plausible.io'],",
    '  },',
    '  scripts: [',
    `    { src: '${ANALYTICS_SRC}', defer: true, attributes: { 'data-domain': 'cloudwing.example' } },`,
    ...(consent ? [`    { src: '${CONSENT_SRC}', async: true, consent: true },`] : []),
    '  ],',
  ].join('\n');
}

/** A page's file with a `video` block added to its front matter. */
function withVideo(file: string, title: string): string {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  return text.replace('\n---\n', `\nvideo:\n  provider: youtube\n  id: ${VIDEO_ID}\n  title: ${title}\n---\n`);
}

/** The site's copy; `consent` adds the script that waits for the visitor's consent. */
export function makePolicySite(options: { consent?: boolean } = {}): string {
  return makeSite({
    'site/site.config.ts': withSecurity(toPolicySettings(options.consent ?? false)),
    [`${RAMP}.en.md`]: withVideo(`${RAMP}.en.md`, 'A turnaround in two minutes'),
    [`${RAMP}.zhHant.md`]: withVideo(`${RAMP}.zhHant.md`, '兩分鐘看完一次過站作業'),
  });
}
