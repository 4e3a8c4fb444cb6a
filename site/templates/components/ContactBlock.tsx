import type { Payload } from '../../../generator/types.ts';
import { toText, type Data } from './data.ts';
import { Phrases, useLocalUrl, useSite } from './site.tsx';
import EmailAddress from './EmailAddress.tsx';
import { ContactAllLink, useCallToAction } from './PageAside.tsx';
import { PhoneLink } from './PhoneRows.tsx';

/**
 * The end of a page written for one audience (front matter `contact: <key>`): whom to write to,
 * the audience's one action (a proposal request, the open positions, supplier registration), the
 * department's e-mail address and telephone number as links, and the way to every other contact
 * (behaviour.md: Contact details).
 */
export default function ContactBlock({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const key = toText(data.contact);
  const contact = payload.contacts.find((c) => c.key === key);
  const action = useCallToAction(contact?.key ?? '');
  if (!contact) return null;
  return (
    <section className="contact-block" aria-labelledby="contact-block-title">
      <h2 id="contact-block-title">{t(`common:contactBlock.${contact.key}.title`)}</h2>
      <p>
        <Phrases running text={t(`common:contactBlock.${contact.key}.text`)} />
      </p>
      {!action || action.href === toUrl(payload.path) ? null : (
        <p>
          <a className="button" href={action.href}>
            {action.label}
          </a>
        </p>
      )}
      <ContactDetails contact={contact} />
      <ContactAllLink />
    </section>
  );
}

/** A department's e-mail address and telephone number as links, with the office hours (`hours`). */
export function ContactDetails({
  contact,
  hours = false,
  className = '',
}: {
  contact: Payload['contacts'][number];
  hours?: boolean;
  className?: string;
}) {
  const { t } = useSite();
  return (
    <dl className={`contact-block__details ${className}`.trim()}>
      <div>
        <dt>{t('common:contactEmail')}</dt>
        <dd>
          <EmailAddress address={contact.email} />
        </dd>
      </div>
      {contact.phone ? (
        <div>
          <dt>{t('common:contactPhone')}</dt>
          <dd>
            <PhoneLink phone={contact.phone} />
          </dd>
        </div>
      ) : null}
      {hours ? <HoursRow /> : null}
    </dl>
  );
}

/** The office hours as a row of a list of contact details. */
export function HoursRow() {
  const { t } = useSite();
  return (
    <div>
      <dt>{t('common:contactHours')}</dt>
      <dd className="contact-hours">
        <Phrases running text={t('common:contactHoursText')} />
      </dd>
    </div>
  );
}
