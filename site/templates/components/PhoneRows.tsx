import type { Payload } from '../../../generator/types.ts';
import { toTelHref } from './contact-text.ts';

/** The company's telephone and fax numbers, each once, from `contacts` in the site configuration. */
export function toPhoneNumbers(contacts: Payload['contacts']): { phones: string[]; faxes: string[] } {
  const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];
  return { phones: unique(contacts.map((c) => c.phone)), faxes: unique(contacts.map((c) => c.fax)) };
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
  return (
    <>
      {props.phones.map((phone) => (
        <div key={phone}>
          <dt>{props.phoneLabel}</dt>
          <dd>
            <a href={toTelHref(phone)}>{phone}</a>
          </dd>
        </div>
      ))}
      {props.faxes.map((fax) => (
        <div key={fax}>
          <dt>{props.faxLabel}</dt>
          <dd>{fax}</dd>
        </div>
      ))}
    </>
  );
}
