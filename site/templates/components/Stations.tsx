import { toText, type Data } from './data.ts';
import { Phrases, useSite } from './site.tsx';
import { PhoneLink } from './PhoneRows.tsx';

/** A station's facts, in the order its rows show them: each a text of `common:airports.<code>`. */
const FACTS = ['opened', 'staff', 'address', 'phone', 'hours'] as const;
type Fact = (typeof FACTS)[number];

/**
 * The stations with a numbered map (front matter `stations`: their codes, numbered on the map in
 * this order; `mapImage`, `mapAlt`), each fact of a station once: its role and what sets it apart
 * (`summary`) beside a small scene of its airport (`image`, `imageAlt`), then compact rows of a
 * label and its value. The facts are the locale's texts of each airport (`common:airports.<code>`),
 * the one source every page that names a station reads; a page that needs only some of them lists
 * them in `stationFacts` (`summary`, `image` and the rows' names). Only the headquarters' station
 * (`headquarters`: its code) has an address of its own (behaviour.md: Contact details).
 */
export default function Stations({ data }: { data: Data }) {
  const { t } = useSite();
  const codes = Array.isArray(data.stations) ? data.stations.map((code) => String(code)) : [];
  if (codes.length === 0) return null;
  const listed = Array.isArray(data.stationFacts) ? data.stationFacts.map((fact) => String(fact)) : null;
  const facts = FACTS.filter((fact) => !listed || listed.includes(fact));
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
          {codes.map((code, i) => (
            <Station
              key={code}
              code={code}
              number={i + 1}
              facts={facts.filter((fact) => fact !== 'address' || code === toText(data.headquarters))}
              summary={!listed || listed.includes('summary')}
              scene={!listed || listed.includes('image')}
            />
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * One station: its number on the map, its airport and code, its role, its scene, and its facts as
 * rows; `#station-<code>` links to it.
 */
function Station(props: { code: string; number: number; facts: readonly Fact[]; summary: boolean; scene: boolean }) {
  const { t } = useSite();
  const { code } = props;
  // Every label written out, so that `site check` counts the labels of fields no station has today.
  const labels: Record<Fact, string> = {
    opened: t('common:stationOpened'),
    staff: t('common:stationStaff'),
    address: t('common:stationAddress'),
    phone: t('common:stationPhone'),
    hours: t('common:stationHours'),
  };
  const summary = props.summary ? t(`common:airports.${code}.summary`) : undefined;
  return (
    <li className="station" id={`station-${code.toLowerCase()}`}>
      <h3>
        <span className="station__number" aria-hidden="true">
          {props.number}
        </span>
        <span>
          <Phrases text={t(`common:airports.${code}.name`)} /> <span className="station__code">{code}</span>
        </span>
      </h3>
      {props.scene ? (
        <img
          className="station__scene"
          src={t(`common:airports.${code}.image`)}
          alt={t(`common:airports.${code}.imageAlt`)}
          width="800"
          height="450"
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <p className="station__role">
        <Phrases text={t(`common:airports.${code}.role`)} />
      </p>
      {summary ? (
        <p className="station__summary">
          <Phrases running text={summary} />
        </p>
      ) : null}
      <dl>
        {props.facts.map((key) => {
          const value = t(`common:airports.${code}.${key}`);
          const shown = key === 'phone' ? <PhoneLink phone={value} /> : <Phrases running text={value} />;
          return (
            <div key={key}>
              <dt>{labels[key]}</dt>
              <dd>{shown}</dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}
