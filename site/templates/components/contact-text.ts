// The templates' copy of the rule that links contact details in text
// (behaviour.md: Contact details). The Markdown renderer applies the same rule from the tool's runtime/contacts.ts; the
// templates cannot import the tool's modules (a project's site/ stands on its own), so
// tests/unit/contacts.test.ts holds the two to the same results.

import type { Contact } from '../../../generator/types.ts';

/** A piece of text: plain, or an e-mail address or telephone number with the link it becomes. */
export type TextPart = string | { readonly kind: 'email' | 'phone'; readonly text: string; readonly href: string };

const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
const PHONE = String.raw`\+\d{1,3}(?:[ -]\d{1,4}){2,5}`;
const CONTACT = new RegExp(`(?<![\\w.+-])(?:(${EMAIL})|(${PHONE}))(?![\\w@-])`, 'g');

/** The `tel:` address of a number: its digits and leading `+`. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/**
 * The text cut into plain runs and contact details: every e-mail address becomes a `mailto:` link
 * and every telephone number a `tel:` link, except the fax numbers of `contacts`, which stay text.
 */
export function toTextParts(text: string, contacts: readonly Contact[]): TextPart[] {
  // Every address has an `@` and every number a `+`: most text has neither, and needs no search.
  if (!text.includes('@') && !text.includes('+')) return [text];
  const faxes = new Set(contacts.flatMap((c) => (c.fax ? [toTelHref(c.fax)] : [])));
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTACT)) {
    const [found, email] = match;
    if (!email && faxes.has(toTelHref(found))) continue;
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
