import { toList, toText, type Data } from './data.ts';
import { Phrases, useLocalUrl, useSite } from './site.tsx';

/**
 * The open positions, one compact card each (front matter `positions`: `key`, `title`, `href`,
 * `stations`, `pay`, `type`, `summary`): what the role is, where it is open, what it pays, and the
 * way to its own page (`href`), which says what the role asks and has a button to apply at each
 * station. A card shows its position page's scene beside its title, as the home page's service tiles do.
 */
export default function Positions({ data }: { data: Data }) {
  const { t, payload } = useSite();
  const toUrl = useLocalUrl();
  const positions = toList(data.positions);
  if (positions.length === 0) return null;
  return (
    <section className="positions page-wide" aria-labelledby="positions-title">
      <h2 id="positions-title">{t('common:positions')}</h2>
      <ul className="position-list">
        {positions.map((position) => {
          const id = `position-${toText(position.key) ?? ''}`;
          const href = toText(position.href);
          // Written with or without its locale prefix (`/en/jobs/…`, `/jobs/…`).
          const page = href
            ? payload.sectionPages.find((link) => link.url === href || link.url === toUrl(href))
            : undefined;
          const facts = [
            ['pay', t('common:positionPay'), toText(position.pay)],
            ['stations', t('common:positionStations'), toText(position.stations)],
            ['type', t('common:positionType'), toText(position.type)],
          ] as const;
          return (
            <li key={id} id={id} className="position">
              <article aria-labelledby={`${id}-title`}>
                {page?.image ? (
                  // Decorative beside the title that names the role; its page describes the scene.
                  <img
                    className="position__image"
                    src={page.image}
                    alt=""
                    width="800"
                    height="450"
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <h3 id={`${id}-title`}>
                  {href ? <a href={href}>{toText(position.title)}</a> : toText(position.title)}
                </h3>
                <p className="position__summary">
                  <Phrases running text={toText(position.summary) ?? ''} />
                </p>
                <dl className="position__facts">
                  {facts.map(([key, label, value]) =>
                    value ? (
                      <div key={key} className={`position__fact--${key}`}>
                        <dt>{label}</dt>
                        <dd>
                          <Phrases text={value} />
                        </dd>
                      </div>
                    ) : null,
                  )}
                </dl>
                {href ? (
                  <p className="position__more">
                    <a className="more-link" href={href} aria-describedby={`${id}-title`}>
                      {t('common:positionDetails')}
                    </a>
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
