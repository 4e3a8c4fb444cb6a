import ContactText from './ContactText.tsx';
import { toList, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/**
 * The open positions, one card each (front matter `positions`: `key`, `title`, `href`, `stations`,
 * `type`, `summary`): where and how the role is worked, what it is, and how to apply, by e-mail to
 * the page's department (`contact`, behaviour.md: Contact details). Its title links the position's
 * own page (`href`), which says what the role asks and pays.
 */
export default function Positions({ data }: { data: Data }) {
  const { payload, t } = useSite();
  const positions = toList(data.positions);
  if (positions.length === 0) return null;
  const contact = payload.contacts.find((c) => c.key === toText(data.contact));
  return (
    <section className="positions" aria-labelledby="positions-title">
      <h2 id="positions-title">{t('common:positions')}</h2>
      <ul className="position-list">
        {positions.map((position) => {
          const id = `position-${toText(position.key) ?? ''}`;
          const href = toText(position.href);
          return (
            <li key={id} id={id} className="position">
              <article aria-labelledby={`${id}-title`}>
                <h3 id={`${id}-title`}>
                  {href ? <a href={href}>{toText(position.title)}</a> : toText(position.title)}
                </h3>
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
