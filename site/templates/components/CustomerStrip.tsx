import { toList, toRecord, toText, type Data } from './data.ts';
import { Phrases, useLocalUrl } from './site.tsx';

/**
 * Some of the airlines the company works for, named in the page's `customers` block (a title, the
 * names with their regions, the link to the customers page): the proof an airline looks for beside
 * the services, as plain names (fictional airlines have no marks to show). It takes the trust
 * strip's look, a yellow apron line beside each name, so the two read as one kind of proof.
 */
export default function CustomerStrip({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const block = toRecord(data.customers) ?? {};
  const items = toList(block.items);
  if (items.length === 0) return null;
  return (
    <section className="trust customer-strip" aria-labelledby="customer-strip-title">
      <h2 id="customer-strip-title" className="trust__title">
        {toText(block.title)}
      </h2>
      <ul className="trust__list">
        {items.map((item, i) => (
          <li key={i} className="trust__badge customer-strip__airline">
            <span className="trust__code">
              <Phrases text={toText(item.name) ?? ''} />
            </span>
            <span className="trust__label">
              <Phrases text={toText(item.region) ?? ''} />
            </span>
          </li>
        ))}
      </ul>
      {block.href ? (
        <a className="trust__link" href={toUrl(toText(block.href) ?? '/customers')}>
          {toText(block.link)}
          <span aria-hidden="true"> →</span>
        </a>
      ) : null}
    </section>
  );
}
