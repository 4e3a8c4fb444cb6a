import type { ReactNode } from 'react';
import type { Payload } from '../../../generator/types.ts';
import { Steps } from '../components/Callouts.tsx';
import ContactText from '../components/ContactText.tsx';
import ContentPage from '../components/ContentPage.tsx';
import { toRecord, toText, type Data } from '../components/data.ts';
import { toMailto } from '../components/PageAside.tsx';
import { Phrases, useIso, useSite } from '../components/site.tsx';

/**
 * A position of the careers section: its facts and how to apply first, one button for each
 * station with openings, then its shift at a glance (`steps`), then what the role is, asks and
 * offers (its text). The facts come from
 * the front matter that its JobPosting is made of too (`job`, `shifts`; behaviour.md: Sharing).
 */
export default function PositionPage() {
  const { payload } = useSite();
  return (
    <ContentPage
      kind="position"
      before={
        <>
          <div className="position-top">
            <PositionFacts data={payload.data} />
            <PositionApply data={payload.data} />
          </div>
          <Steps data={payload.data.steps} />
        </>
      }
    >
      <StationButtons data={payload.data} end />
    </ContentPage>
  );
}

/**
 * An amount as the locale writes numbers (behaviour.md: Dates and numbers): `36,000`; in Chinese,
 * from ten thousand on, in 萬 (`3.6 萬`).
 */
function formatAmount(amount: number, iso: string): string {
  if (iso.startsWith('zh') && amount >= 10_000) return `${Number((amount / 10_000).toFixed(2))} 萬`;
  return new Intl.NumberFormat(iso).format(amount);
}

/** The IATA codes of the stations with openings for the position (`job.stations`). */
function toStations(data: Data): string[] {
  const job = toRecord(data.job);
  return (Array.isArray(job?.stations) ? job.stations : []).map(String);
}

/** The stations, the kind of employment, the working hours, the base pay and the last day to apply. */
function PositionFacts({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const iso = useIso(payload.locale);
  const job = toRecord(data.job);
  const salary = toRecord(job?.salary);
  if (!job || !salary) return null;
  const stations = toStations(data).map((code) => t(`common:airports.${code}.name`));
  const validThrough = toText(job.validThrough);
  const facts: [label: string, value: ReactNode][] = [
    [
      t('common:positionPay'),
      <>
        <strong className="position__pay">
          <Phrases
            text={t(`common:positionPayRange.${String(salary.per)}`, {
              min: formatAmount(Number(salary.min), iso),
              max: formatAmount(Number(salary.max), iso),
            })}
          />
        </strong>
        <br />
        <Phrases running text={t('common:positionPayNote')} />
      </>,
    ],
    [
      t('common:positionStations'),
      stations.length > 0 ? <Phrases text={stations.join(t('common:listSeparator'))} /> : null,
    ],
    [t('common:positionHours'), toText(data.shifts) ? <Phrases running text={toText(data.shifts) ?? ''} /> : null],
    [t('common:positionType'), t(`common:employmentTypes.${String(job.employmentType)}`)],
    [
      t('common:positionValidThrough'),
      // Openings are recruited for a year: the page names the year, not a closing day.
      validThrough ? (
        <time dateTime={validThrough}>{t('common:positionOpenThrough', { year: validThrough.slice(0, 4) })}</time>
      ) : null,
    ],
  ];
  return (
    <section className="position position-facts" aria-labelledby="position-facts-title">
      <h2 id="position-facts-title">{t('common:positionFacts')}</h2>
      <dl className="position__facts">
        {facts
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/**
 * How to apply: one button for each station with openings, each an e-mail to the careers contact
 * (`contact`) with the position and the station in its subject line, so that it works without
 * JavaScript and reaches the right team (behaviour.md: Contact details).
 */
function PositionApply({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const email = toApplyEmail(payload, data);
  if (!email || toStations(data).length === 0) return null;
  return (
    <section className="position-apply" aria-labelledby="position-apply-title">
      <h2 id="position-apply-title">{t('common:positionApplyTitle')}</h2>
      <p>
        <Phrases running text={t('common:positionApplyLead')} />
      </p>
      <StationButtons data={data} />
      <p className="position-apply__note">
        <ContactText text={t('common:positionApplyNote', { email })} />
      </p>
    </section>
  );
}

/** The place an airport is named after: `Taoyuan` of `Taoyuan International Airport`, 桃園 of 桃園國際機場. */
function toPlace(airport: string): string {
  return airport.replace(/\s*(?:International\s+)?Airport$|(?:國際)?機場$/, '');
}

/** The careers contact's address, whom applications go to (`contact`). */
function toApplyEmail(payload: Payload, data: Data): string | undefined {
  return payload.contacts.find((c) => c.key === toText(data.contact))?.email;
}

/**
 * A button for each station with openings, named by its place; `end`: again after the text (its
 * last section says how to apply), where a visitor who has read it all decides, a quieter button.
 */
function StationButtons({ data, end = false }: { data: Data; end?: boolean }) {
  const { payload, t } = useSite();
  const email = toApplyEmail(payload, data);
  const stations = toStations(data);
  if (!email || stations.length === 0) return null;
  return (
    <ul className={`position-apply__stations${end ? ' position-apply__stations--end' : ''}`}>
      {stations.map((code) => {
        const station = t(`common:airports.${code}.name`);
        const subject = t('common:positionApplySubject', { position: payload.title, station, code });
        return (
          <li key={code}>
            <a className={end ? 'button button--secondary' : 'button'} href={toMailto(email, subject)}>
              {t('common:positionApplyAt', { station: toPlace(station) })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
