import { z } from 'zod';
import { flag, says, settings, text } from './issues.ts';

// `security` and `scripts` (behaviour.md: Security policy, Third-party scripts): the web team adds
// origins, never keywords that lift a protection.

/** Whole schemes a directive may allow: never one that lets any script or page in. */
const POLICY_SCHEMES = {
  scriptSrc: [],
  connectSrc: ['https:', 'wss:'],
  imgSrc: ['https:', 'data:', 'blob:'],
  frameSrc: ['https:'],
  formAction: ['https:', 'mailto:'],
  styleSrc: ['https:'],
  fontSrc: ['https:', 'data:'],
  mediaSrc: ['https:', 'data:', 'blob:'],
} as const satisfies Record<string, readonly string[]>;
export type PolicyDirective = keyof typeof POLICY_SCHEMES;

/** `https://` or `wss://`, a host (or `*.` subdomains), a port; no space or `;`, which would start another source. */
const POLICY_ORIGIN =
  /^(?:https|wss):\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

const SOURCE_HINT =
  "Name an origin such as `https://plausible.io` or `https://*.example.com`. Keywords such as 'unsafe-inline' " +
  'and `*` are refused: the pages carry no inline code, and a script, style or frame is allowed by its origin.';

/** Why a source may not stand in a directive; null when it may. */
function toSourceFault(directive: PolicyDirective, source: string): string | null {
  if (source.startsWith("'")) return `is a keyword (${source}); the policy takes origins and schemes only`;
  if (source.includes('*') && !source.includes('://*.'))
    return '`*` allows every origin; name the origins instead (`https://*.example.com` for subdomains)';
  const allowed: readonly string[] = POLICY_SCHEMES[directive];
  if (allowed.includes(source)) return null;
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) {
    return allowed.length === 0
      ? `is a scheme (${source}), which would allow any script served over it; name the origins instead`
      : `is a scheme this directive does not take (it takes ${allowed.join(', ')})`;
  }
  return POLICY_ORIGIN.test(source)
    ? null
    : 'must be an `https://` origin (lower case, no path), such as `https://plausible.io`';
}

/** A directive's list of sources, each refused with its own reason. */
function sources(directive: PolicyDirective) {
  const source = z.string({ error: says('must be a string', SOURCE_HINT) }).superRefine((value, ctx) => {
    const fault = toSourceFault(directive, value);
    if (fault) ctx.addIssue({ code: 'custom', message: says(fault, SOURCE_HINT) });
  });
  return z.array(source, { error: 'must be a list of origins' }).optional();
}

type Directives = { [D in PolicyDirective]: ReturnType<typeof sources> };

/** Origins each directive of the Content Security Policy adds (hosts.ts; behaviour.md: Security policy). */
export const SECURITY = settings(
  Object.fromEntries(Object.keys(POLICY_SCHEMES).map((d) => [d, sources(d as PolicyDirective)])) as Directives,
  'must be an object of source lists, such as { scriptSrc: [] }',
);

const SCRIPT_HINT =
  "Write each entry as `{ src: 'https://plausible.io/js/script.js', defer: true, attributes: { 'data-domain': 'cloudwing.example' } }`.";

/** Attributes a configured script may carry: data, and what loads it safely; never an event handler. */
const SCRIPT_ATTRIBUTE = /^(?:data-[a-z0-9-]+|integrity|crossorigin|referrerpolicy)$/;

/** An `https://` URL without credentials, or a root-relative path. */
function isScriptSource(src: string): boolean {
  if (/[\s"'<>\\]/.test(src)) return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `data-*`, `integrity`, `crossorigin` and `referrerpolicy` attributes, written as given. */
const ATTRIBUTES = z
  .record(z.string(), z.unknown(), { error: 'must be an object of strings' })
  .superRefine((attributes, ctx) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (SCRIPT_ATTRIBUTE.test(name) && typeof value === 'string') continue;
      const reason = `\`${name}\` is not an attribute a script may carry here (data-*, integrity, crossorigin, referrerpolicy; each a string)`;
      const hint = 'An event handler attribute would be inline code, which the policy refuses.';
      ctx.addIssue({ code: 'custom', message: says(reason, hint) });
    }
  })
  .transform((attributes) => attributes as Record<string, string>);

/** External scripts every page's head loads, or loads after consent (behaviour.md: Third-party scripts). */
export const SCRIPTS = z.array(
  settings(
    {
      /** An `https://` URL, or a root-relative path of a file of site/public. */
      src: text(
        isScriptSource,
        'must be an `https://` URL or a root-relative path of a file of site/public',
        SCRIPT_HINT,
      ),
      defer: flag().default(false),
      async: flag().default(false),
      attributes: ATTRIBUTES.default({}),
      /** Loaded only once the visitor has accepted it (behaviour.md: Consent). */
      consent: flag().default(false),
    },
    'must be an object { src, defer?, async? }',
    SCRIPT_HINT,
  ),
  { error: says('must be a list of { src } entries', SCRIPT_HINT) },
);
