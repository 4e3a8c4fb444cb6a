// The templates' copy of the rule that links contact details in text
// (behaviour.md: Contact details). The Markdown renderer applies the same rule from the tool's runtime/contacts.ts; the
// templates cannot import the tool's modules (a project's site/ stands on its own), so
// tests/unit/contacts.test.ts holds the two to the same results.

import type { Contact } from '../../../generator/types.ts';

/** A piece of text: plain, or an e-mail address or telephone number with the link it becomes. */
export type TextPart = string | { readonly kind: 'email' | 'phone'; readonly text: string; readonly href: string };

const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
const PHONE = String.raw`\+\d{1,3}(?:[ -]\d{1,4}){2,5}`;
// Found in one pass, as runtime/contacts.ts finds them (behaviour.md: Safety): where no address
// starts, none starts later in the same run of an address's characters either.
const START = /(?<![\w.+-])[\w.%+-]/g;
const EMAIL_HERE = new RegExp(`${EMAIL}(?![\\w@-])`, 'y');
const PHONE_HERE = new RegExp(`${PHONE}(?![\\w@-])`, 'y');
const LOCAL_PART = /[\w.%+-]*/y;

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
    if (email === undefined && faxes.has(toTelHref(found))) continue;
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
