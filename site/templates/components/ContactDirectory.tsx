import { HoursRow } from './ContactBlock.tsx';
import { toText } from './data.ts';
import PhoneRows, { PhoneLink, toPhoneNumbers } from './PhoneRows.tsx';
import { Phrases, useSite } from './site.tsx';
import EmailAddress from './EmailAddress.tsx';

/**
 * The contact page's directory, from `contacts` in the site configuration: the headquarters'
 * address, telephone and fax numbers (a fax number is not a link), office
 * hours, the 24-hour operations line (front matter `operations`), then each department's e-mail
 * address, the media contact by name (behaviour.md: Contact details).
 */
export default function ContactDirectory() {
  const { payload, t } = useSite();
  const { phones, faxes } = toPhoneNumbers(payload.contacts);
  const operations = toText(payload.data.operations);
  if (payload.contacts.length === 0) return null;
  return (
    <section className="contact-directory" aria-labelledby="contact-directory-title">
      <h2 id="contact-directory-title">{t('common:contactHeadquarters')}</h2>
      <dl className="contact-block__details">
        <div>
          <dt>{t('common:contactAddress')}</dt>
          <dd>{t('footer:address')}</dd>
        </div>
        <PhoneRows
          phones={phones}
          faxes={faxes}
          phoneLabel={t('common:contactPhone')}
          faxLabel={t('common:contactFax')}
        />
        <HoursRow />
      </dl>
      {operations ? (
        <div className="contact-directory__operations">
          <h3 id="contact-directory-operations">
            <Phrases running text={t('common:contactOperations')} />
          </h3>
          <p className="contact-directory__line">
            <PhoneLink phone={operations} />
          </p>
          <p>
            <Phrases running text={t('common:contactOperationsNote')} />
          </p>
        </div>
      ) : null}
      <h3 id="contact-directory-emails">{t('common:contactByTopic')}</h3>
      <dl className="contact-directory__emails">
        {payload.contacts.map((contact) => (
          <div key={contact.key}>
            <dt>
              <Phrases running text={t(`common:contacts.${contact.key}`)} />
            </dt>
            <dd>
              {contact.key === 'media' ? (
                <span className="contact-directory__person">{t('common:contactMediaPerson')}</span>
              ) : null}
              <EmailAddress address={contact.email} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
