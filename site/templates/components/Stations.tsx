import { toList, toText, type Data } from './data.ts';
import { Phrases, useSite } from './site.tsx';
import { PhoneLink } from './PhoneRows.tsx';
import EmailAddress from './EmailAddress.tsx';

/**
 * The stations with a numbered map (front matter `stations`, `mapImage`, `mapAlt`), each fact of a
 * station once: its role and what sets it apart (`summary`), then compact rows of a label and its
 * value. A station shows a telephone number or e-mail address only when it has one of its own
 * (behaviour.md: Contact details).
 */
export default function Stations({ data }: { data: Data }) {
  const { t } = useSite();
  const stations = toList(data.stations).sort((a, b) => Number(a.mapNumber ?? 0) - Number(b.mapNumber ?? 0));
  if (stations.length === 0) return null;
  const map = toText(data.mapImage);
  return (
    <section className="page-wide" aria-labelledby="stations-title">
      <h2 id="stations-title">{t('common:stations')}</h2>
      <div className="stations">
        {map ? (
          <figure className="stations__map">
            <img src={map} alt={toText(data.mapAlt) ?? ''} width="400" height="600" loading="lazy" decoding="async" />
          </figure>
        ) : null}
        <ol className="station-list">
          {stations.map((station) => (
            <Station key={toText(station.code)} station={station} />
          ))}
        </ol>
      </div>
    </section>
  );
}

/** One station: its number on the map, its airport and code, its role, and its facts as rows. */
function Station({ station }: { station: Record<string, unknown> }) {
  const { t } = useSite();
  // Every label written out, so that `site check` counts the labels of fields no station has today.
  const fields = [
    ['opened', t('common:stationOpened')],
    ['staff', t('common:stationStaff')],
    ['address', t('common:stationAddress')],
    ['phone', t('common:stationPhone')],
    ['email', t('common:stationEmail')],
    ['hours', t('common:stationHours')],
  ] as const;
  const summary = toText(station.summary);
  return (
    <li className="station">
      <h3>
        <span className="station__number" aria-hidden="true">
          {toText(station.mapNumber)}
        </span>
        <span>
          <Phrases text={toText(station.name) ?? ''} /> <span className="station__code">{toText(station.code)}</span>
        </span>
      </h3>
      {toText(station.role) ? (
        <p className="station__role">
          <Phrases text={toText(station.role) ?? ''} />
        </p>
      ) : null}
      {summary ? (
        <p className="station__summary">
          <Phrases text={summary} />
        </p>
      ) : null}
      <dl>
        {fields.map(([key, label]) => {
          const value = toText(station[key]);
          if (!value) return null;
          const shown =
            key === 'phone' ? (
              <PhoneLink phone={value} />
            ) : key === 'email' ? (
              <EmailAddress address={value} />
            ) : (
              <Phrases text={value} />
            );
          return (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{shown}</dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}
