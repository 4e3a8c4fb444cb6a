// Contact details in running text, as the Markdown renderer finds them
// (behaviour.md: Contact details). The templates link structured texts and messages with their own copy of this rule,
// site/templates/components/contact-text.ts; tests/unit/contacts.test.ts holds the two to the same
// results.

/** A department's contact details, from `contacts` in the site configuration. */
export interface Contact {
  /** The department's key: its label in the `common` namespace is `contacts.<key>`. */
  readonly key: string;
  readonly email: string;
  readonly phone?: string;
  readonly fax?: string;
}

/** A piece of text: plain, or an e-mail address or telephone number with the link it becomes. */
export type TextPart = string | { readonly kind: 'email' | 'phone'; readonly text: string; readonly href: string };

// An e-mail address, and an international telephone number as the site writes it: `+`, the country
// code, then digits in groups separated by single spaces or hyphens (`+886-3-555-0100`).
export const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
export const PHONE = String.raw`\+\d{1,3}(?:[ -]\d{1,4}){2,5}`;

// Contact details are found in one pass over the text (behaviour.md: Safety). A detail starts
// where no letter, digit, `_`, `.`, `+` or `-` stands before it, and is matched there; where no
// address starts, none starts later in the same run of an address's characters either (they all
// reach the same `@`, or none), and that run is not read again for one: tried at every place of a
// run of `%` before an `@`, the pattern would take a time in the square of the run.
const START = /(?<![\w.+-])[\w.%+-]/g;
const EMAIL_HERE = new RegExp(`${EMAIL}(?![\\w@-])`, 'y');
const PHONE_HERE = new RegExp(`${PHONE}(?![\\w@-])`, 'y');
const LOCAL_PART = /[\w.%+-]*/y;

/** The `tel:` address of a number: its digits and leading `+`. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** Whether a number is one of the configured fax numbers (those are not linked). */
export function isFax(number: string, contacts: readonly Contact[]): boolean {
  const digits = toTelHref(number);
  return contacts.some((c) => c.fax !== undefined && toTelHref(c.fax) === digits);
}

/**
 * The text cut into plain runs and contact details: every e-mail address becomes a `mailto:` link
 * and every telephone number a `tel:` link, except the fax numbers of `contacts`, which stay text.
 */
export function toTextParts(text: string, contacts: readonly Contact[]): TextPart[] {
  // Every address has an `@` and every number a `+`: most text has neither, and needs no search.
  if (!text.includes('@') && !text.includes('+')) return [text];
  const parts: TextPart[] = [];
  const start = new RegExp(START);
  let last = 0;
  let noEmailBefore = 0;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const { index } = match;
    const email = index >= noEmailBefore ? toEndHere(EMAIL_HERE, text, index) : undefined;
    if (email === undefined && index >= noEmailBefore) noEmailBefore = toEndHere(LOCAL_PART, text, index) ?? index;
    const end = email ?? toEndHere(PHONE_HERE, text, index);
    if (end === undefined) continue;
    start.lastIndex = end;
    const found = text.slice(index, end);
    if (email === undefined && isFax(found, contacts)) continue;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(
      email === undefined
        ? { kind: 'phone', text: found, href: toTelHref(found) }
        : { kind: 'email', text: found, href: `mailto:${found}` },
    );
    last = end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Where a sticky pattern's match at `index` ends, if it matches there. */
function toEndHere(pattern: RegExp, text: string, index: number): number | undefined {
  pattern.lastIndex = index;
  return pattern.test(text) ? pattern.lastIndex : undefined;
}
