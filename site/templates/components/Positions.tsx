import ContactText from './ContactText.tsx';
import { toList, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/**
 * The open positions, one card each (front matter `positions`: `key`, `title`, `stations`, `type`,
 * `summary`, `duties`, `requirements`): where and how the role is worked, what it is, and how to
 * apply, by e-mail to the page's department (`contact`, behaviour.md: Contact details).
 */
export default function Positions({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const positions = toList(data.positions);
  if (positions.length === 0) return null;
  const contact = payload.contacts.find((c) => c.key === toText(data.contact));
  const items = (value: unknown) => (Array.isArray(value) ? value.map(toText).filter(Boolean) : []);
  return (
    <section className="positions" aria-labelledby="positions-title">
      <h2 id="positions-title">{t('common:positions')}</h2>
      <ul className="position-list">
        {positions.map((position) => {
          const id = `position-${toText(position.key) ?? ''}`;
          return (
            <li key={id} id={id} className="position">
              <article aria-labelledby={`${id}-title`}>
                <h3 id={`${id}-title`}>{toText(position.title)}</h3>
                <dl className="position__facts">
                  <div>
                    <dt>{t('common:positionStations')}</dt>
                    <dd>{toText(position.stations)}</dd>
                  </div>
                  <div>
                    <dt>{t('common:positionType')}</dt>
                    <dd>{toText(position.type)}</dd>
                  </div>
                </dl>
                <p className="position__summary">{toText(position.summary)}</p>
                <div className="position__details">
                  <div>
                    <h4>{t('common:positionDuties')}</h4>
                    <ul>
                      {items(position.duties).map((duty) => (
                        <li key={duty}>{duty}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4>{t('common:positionRequirements')}</h4>
                    <ul>
                      {items(position.requirements).map((requirement) => (
                        <li key={requirement}>{requirement}</li>
                      ))}
                    </ul>
                  </div>
                </div>
                {contact ? (
                  <p className="position__apply">
                    <strong>{t('common:positionApply')}</strong>{' '}
                    <ContactText text={t('common:positionApplyText', { email: contact.email })} />
                  </p>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
