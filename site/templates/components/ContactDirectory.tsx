import PhoneRows, { toPhoneNumbers } from './PhoneRows.tsx';
import { useSite } from './site.tsx';
import EmailAddress from './EmailAddress.tsx';

/**
 * The contact page's directory, from `contacts` in the site configuration: the headquarters'
 * address, telephone and fax numbers (a fax number is not a link), and each department's e-mail
 * address (behaviour.md: Contact details).
 */
export default function ContactDirectory() {
  const { payload, t } = useSite();
  const { phones, faxes } = toPhoneNumbers(payload.contacts);
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
      </dl>
      <h3 id="contact-directory-emails">{t('common:contactByTopic')}</h3>
      <dl className="contact-directory__emails">
        {payload.contacts.map((contact) => (
          <div key={contact.key}>
            <dt>{t(`common:contacts.${contact.key}`)}</dt>
            <dd>
              <EmailAddress address={contact.email} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
