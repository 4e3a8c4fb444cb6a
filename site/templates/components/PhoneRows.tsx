import type { Payload } from '../../../generator/types.ts';
import { toTelHref } from './contact-text.ts';
import { useSite } from './site.tsx';

/** The company's telephone and fax numbers, each once, from `contacts` in the site configuration. */
export function toPhoneNumbers(contacts: Payload['contacts']): { phones: string[]; faxes: string[] } {
  const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];
  return { phones: unique(contacts.map((c) => c.phone)), faxes: unique(contacts.map((c) => c.fax)) };
}

/**
 * A number as the page's language writes it (behaviour.md: Contact details): the international
 * form on English pages (`+886-7-555-0200`), the form Taiwan dials at home on Chinese pages
 * (`07-555-0200`, the country code replaced by the trunk prefix 0).
 */
export function toLocalNumber(phone: string, locale: string): string {
  return locale === 'zhHant' ? phone.replace(/^\+886[ -]?/, '0') : phone;
}

/** A telephone number as a `tel:` link, which always dials the international form. */
export function PhoneLink({ phone }: { phone: string }) {
  const { payload } = useSite();
  return <a href={toTelHref(phone)}>{toLocalNumber(phone, payload.locale)}</a>;
}

/**
 * Rows of a definition list: each telephone number a `tel:` link, each fax number plain text (no
 * one dials a fax from a page; behaviour.md: Contact details).
 */
export default function PhoneRows(props: {
  phones: readonly string[];
  faxes: readonly string[];
  phoneLabel: string;
  faxLabel: string;
}) {
  const { payload } = useSite();
  return (
    <>
      {props.phones.map((phone) => (
        <div key={phone}>
          <dt>{props.phoneLabel}</dt>
          <dd>
            <PhoneLink phone={phone} />
          </dd>
        </div>
      ))}
      {props.faxes.map((fax) => (
        <div key={fax}>
          <dt>{props.faxLabel}</dt>
          <dd>{toLocalNumber(fax, payload.locale)}</dd>
        </div>
      ))}
    </>
  );
}
