import ContactBlock from '../components/ContactBlock.tsx';
import ContactText from '../components/ContactText.tsx';
import { toList, toText } from '../components/data.ts';
import PageHeading from '../components/PageHeading.tsx';
import Prose from '../components/Prose.tsx';
import { Phrases, useDate, useSite } from '../components/site.tsx';

/**
 * Procurement: the open notices from the front matter (`notices`), their days and closing times
 * written by the site's one date format (behaviour.md: Dates and numbers), then the page's prose on
 * tenders, registration and integrity, and the procurement contact.
 */
export default function ProcurementPage() {
  const { payload, t } = useSite();
  const toDate = useDate();
  const { data } = payload;
  const notices = toList(data.notices);
  const when = (date: string | undefined) =>
    date ? <time dateTime={date.includes('T') ? `${date}+08:00` : date}>{toDate(date)}</time> : null;
  return (
    <article className="page page--procurement">
      <PageHeading illustrated />
      <div className="prose">
        {toText(data.intro) ? <p>{toText(data.intro)}</p> : null}
        {notices.length > 0 ? (
          <>
            <h2 id="notices">{toText(data.noticesTitle)}</h2>
            {notices.map((notice, i) => (
              <section key={i} aria-labelledby={`notice-${i + 1}`}>
                <h3 id={`notice-${i + 1}`}>
                  <Phrases text={toText(notice.title) ?? ''} />
                </h3>
                <ul>
                  <li>
                    <strong>{t('common:noticePublished')}</strong>
                    {t('common:labelSeparator')}
                    {when(toText(notice.published))}
                  </li>
                  <li>
                    <strong>{toText(notice.closesLabel)}</strong>
                    {t('common:labelSeparator')}
                    {when(toText(notice.closes))}
                    {t('common:companyTime')}
                  </li>
                  {toList(notice.details).map((detail, j) => (
                    <li key={j}>
                      <strong>{toText(detail.label)}</strong>
                      {t('common:labelSeparator')}
                      <ContactText text={toText(detail.text)} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        ) : null}
      </div>
      <Prose html={payload.html} />
      <ContactBlock data={data} />
    </article>
  );
}
