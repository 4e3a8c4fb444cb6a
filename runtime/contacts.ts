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
const CONTACT = new RegExp(`(?<![\\w.+-])(?:(${EMAIL})|(${PHONE}))(?![\\w@-])`, 'g');

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
  let last = 0;
  for (const match of text.matchAll(CONTACT)) {
    const [found, email] = match;
    if (!email && isFax(found, contacts)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      email
        ? { kind: 'email', text: found, href: `mailto:${found}` }
        : { kind: 'phone', text: found, href: toTelHref(found) },
    );
    last = match.index + found.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
