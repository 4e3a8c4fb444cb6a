import { toTelHref } from './contact-text.ts';
import { toList, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';
import EmailAddress from './EmailAddress.tsx';

/**
 * The stations with a numbered map (front matter `stations`, `mapImage`, `mapAlt`). A station shows
 * a telephone number or e-mail address only when it has one of its own; the others are reached
 * through headquarters, whose number and general address (the first of `contacts` in the site
 * configuration) are given once, above the stations (behaviour.md: Contact details).
 */
export default function Stations({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const stations = toList(data.stations).sort((a, b) => Number(a.mapNumber ?? 0) - Number(b.mapNumber ?? 0));
  if (stations.length === 0) return null;
  const map = toText(data.mapImage);
  // Every label written out, so that `site check` counts the labels of fields no station has today.
  const fields = [
    ['role', t('common:stationRole')],
    ['opened', t('common:stationOpened')],
    ['staff', t('common:stationStaff')],
    ['address', t('common:stationAddress')],
    ['phone', t('common:stationPhone')],
    ['email', t('common:stationEmail')],
    ['hours', t('common:stationHours')],
  ] as const;
  const central = payload.contacts[0];
  const shared = central && stations.some((station) => !station.phone || !station.email);
  return (
    <section aria-labelledby="stations-title">
      <h2 id="stations-title">{t('common:stations')}</h2>
      {shared ? (
        <p className="stations__contact">
          <span className="stations__contact-lead">{t('common:stationsContact')}</span>{' '}
          {central.phone ? (
            <>
              <span>
                <span className="stations__contact-label">{t('common:contactPhone')}</span>{' '}
                <a href={toTelHref(central.phone)}>{central.phone}</a>
              </span>{' '}
            </>
          ) : null}
          <span>
            <span className="stations__contact-label">{t('common:contactEmail')}</span>{' '}
            <EmailAddress address={central.email} />
          </span>
        </p>
      ) : null}
      <div className="stations">
        {map ? (
          <figure className="stations__map">
            <img src={map} alt={toText(data.mapAlt) ?? ''} width="400" height="600" loading="lazy" decoding="async" />
          </figure>
        ) : null}
        <ol className="station-list">
          {stations.map((station) => (
            <li key={toText(station.code)} className="station">
              <h3>
                <span className="station__number" aria-hidden="true">
                  {toText(station.mapNumber)}
                </span>
                {toText(station.name)} ({toText(station.code)})
              </h3>
              <dl>
                {fields.map(([key, label]) => {
                  const value = toText(station[key]);
                  if (!value) return null;
                  const shown =
                    key === 'phone' ? (
                      <a href={toTelHref(value)}>{value}</a>
                    ) : key === 'email' ? (
                      <EmailAddress address={value} />
                    ) : (
                      value
                    );
                  return [<dt key={`${key}-t`}>{label}</dt>, <dd key={`${key}-d`}>{shown}</dd>];
                })}
              </dl>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
