// behaviour.md: Contact details. The templates' copy, site/templates/components/contact-text.ts,
// is held to the same results by tests/unit/contacts.test.ts.

export interface Contact {
  /** Its label is `common:contacts.<key>`. */
  readonly key: string;
  readonly email: string;
  readonly phone?: string;
  readonly fax?: string;
}

export type TextPart = string | { readonly kind: 'email' | 'phone'; readonly text: string; readonly href: string };

// Phone numbers as the site writes them: `+886-3-555-0100`, groups split by one space or hyphen.
export const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
export const PHONE = String.raw`\+\d{1,3}(?:[ -]\d{1,4}){2,5}`;

// One pass (behaviour.md: Safety): where no address starts, none starts later in the same run of
// address characters (all reach the same `@`), so the run is skipped, not retried quadratically.
const START = /(?<![\w.+-])[\w.%+-]/g;
const EMAIL_HERE = new RegExp(`${EMAIL}(?![\\w@-])`, 'y');
const PHONE_HERE = new RegExp(`${PHONE}(?![\\w@-])`, 'y');
const LOCAL_PART = /[\w.%+-]*/y;

export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** Fax numbers are not linked. */
export function isFax(number: string, contacts: readonly Contact[]): boolean {
  const digits = toTelHref(number);
  return contacts.some((c) => c.fax !== undefined && toTelHref(c.fax) === digits);
}

/** Addresses become `mailto:` and numbers `tel:` links, fax numbers excepted. */
export function toTextParts(text: string, contacts: readonly Contact[]): TextPart[] {
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

function toEndHere(pattern: RegExp, text: string, index: number): number | undefined {
  pattern.lastIndex = index;
  return pattern.test(text) ? pattern.lastIndex : undefined;
}
