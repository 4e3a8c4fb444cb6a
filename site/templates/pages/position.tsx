import type { ReactNode } from 'react';
import ContentPage from '../components/ContentPage.tsx';
import { toRecord, toText, type Data } from '../components/data.ts';
import { useDate, useIso, useSite } from '../components/site.tsx';

/**
 * A position of the careers section: what the role is, asks and offers (its text), then its facts,
 * from the front matter that its JobPosting is made of too (`job`, `shifts`; behaviour.md: Sharing).
 */
export default function PositionPage() {
  const { payload } = useSite();
  return (
    <ContentPage kind="position">
      <PositionFacts data={payload.data} />
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

/** The stations, the kind of employment, the working hours, the base pay and the last day to apply. */
function PositionFacts({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const iso = useIso(payload.locale);
  const toDate = useDate();
  const job = toRecord(data.job);
  const salary = toRecord(job?.salary);
  if (!job || !salary) return null;
  const stations = (Array.isArray(job.stations) ? job.stations : []).map((code) =>
    t(`common:airports.${String(code)}.name`),
  );
  const validThrough = toText(job.validThrough);
  const facts: [label: string, value: ReactNode][] = [
    [t('common:positionStations'), stations.join(t('common:listSeparator'))],
    [t('common:positionType'), t(`common:employmentTypes.${String(job.employmentType)}`)],
    [t('common:positionHours'), toText(data.shifts)],
    [
      t('common:positionPay'),
      <>
        {t(`common:positionPayRange.${String(salary.per)}`, {
          min: formatAmount(Number(salary.min), iso),
          max: formatAmount(Number(salary.max), iso),
        })}
        <br />
        {t('common:positionPayNote')}
      </>,
    ],
    [
      t('common:positionValidThrough'),
      validThrough ? <time dateTime={validThrough}>{toDate(validThrough)}</time> : null,
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
