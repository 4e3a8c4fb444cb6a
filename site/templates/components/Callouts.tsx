import { toList, toRecord, toText } from './data.ts';
import Figure from './Figure.tsx';
import Icon from './icons.tsx';
import { MoreLink, Phrases } from './site.tsx';

/**
 * A service page's steps (front matter `steps`): how the work runs, as numbered stages joined by
 * a dashed line, in a band across the page between its title band and its text: side by side on
 * desktops, down the band on phones and tablets (behaviour.md: Presentation). An ordered list: the numbers are its own.
 */
export function Steps({ data }: { data: unknown }) {
  const steps = toRecord(data);
  const items = toList(steps?.items);
  if (!steps || items.length === 0) return null;
  return (
    <section className="steps" aria-labelledby="steps-title">
      <h2 id="steps-title" className="steps__title">
        {toText(steps.title)}
      </h2>
      <ol className="steps__list">
        {items.map((item, i) => (
          <li key={i} className="steps__item">
            <span className="steps__label">
              <Phrases text={toText(item.label) ?? ''} />
            </span>
            {item.text ? (
              <span className="steps__text">
                <Phrases text={toText(item.text) ?? ''} />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * An equipment page's key facts (front matter `specs`) in a box under its scene: each label over
 * its value, set large (behaviour.md: Presentation). With a drawing of the product (`specs.image`,
 * `specs.imageAlt`) the facts stand beside it, and each fact after the first (the model, which the
 * drawing shows whole) carries the number of its callout: 1, 2, 3 in their order.
 */
export function Specs({ data }: { data: unknown }) {
  const specs = toRecord(data);
  const items = toList(specs?.items);
  if (!specs || items.length === 0) return null;
  const drawn = Boolean(toText(specs.image));
  const list = (
    <dl className="specs__list">
      {items.map((item, i) => (
        <div key={i} className="specs__item">
          <dt className="specs__label">
            {drawn && i > 0 ? <span className="specs__marker">{i}</span> : null}
            <Phrases text={toText(item.label) ?? ''} />
          </dt>
          <dd className="specs__value">
            <Phrases text={toText(item.value) ?? ''} />
          </dd>
        </div>
      ))}
    </dl>
  );
  return (
    <section className={drawn ? 'specs specs--drawn' : 'specs'} aria-labelledby="specs-title">
      <h2 id="specs-title" className="specs__title">
        {toText(specs.title)}
      </h2>
      {drawn ? (
        <div className="specs__body">
          <Figure data={specs} className="specs__figure" />
          {list}
        </div>
      ) : (
        list
      )}
    </section>
  );
}

/**
 * What working here gives (front matter `benefits`: a title, items each with an `icon`, a `label`
 * and a line of `text`, and a `link` to where each is told in full), as a grid of tiles.
 */
export function Benefits({ data }: { data: unknown }) {
  const benefits = toRecord(data);
  const items = toList(benefits?.items);
  if (!benefits || items.length === 0) return null;
  return (
    <section className="benefits page-wide" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{toText(benefits.title)}</h2>
      <ul className="benefits__list">
        {items.map((item, i) => (
          <li key={i} className="benefits__item">
            <span className="benefits__icon icon-badge">
              <Icon name={toText(item.icon) ?? ''} />
            </span>
            <h3 className="benefits__label">
              <Phrases text={toText(item.label) ?? ''} />
            </h3>
            <p className="benefits__text">
              <Phrases running text={toText(item.text) ?? ''} />
            </p>
          </li>
        ))}
      </ul>
      <MoreLink href={toText(benefits.href)}>{toText(benefits.link)}</MoreLink>
    </section>
  );
}
