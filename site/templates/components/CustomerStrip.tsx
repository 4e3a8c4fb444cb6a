import { toList, toRecord, toText, type Data } from './data.ts';
import SectionHead from './SectionHead.tsx';
import { Phrases, useLocalUrl } from './site.tsx';

/**
 * Some of the airlines the company works for, named in the page's `customers` block (a title, the
 * names with their regions, the link to the customers page): the proof an airline looks for beside
 * the services. Fictional airlines have no marks to show: each name stands on a tile beside a tail
 * fin drawn in a livery colour of its own, as the aircraft of the illustrations wear them. A section
 * of its own, headed like the others with its link at the end of the line.
 */
export default function CustomerStrip({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const block = toRecord(data.customers) ?? {};
  const items = toList(block.items);
  if (items.length === 0) return null;
  return (
    <section className="home-section customer-strip page-wide" aria-labelledby="customer-strip-title">
      <SectionHead
        id="customer-strip-title"
        title={<Phrases text={toText(block.title) ?? ''} />}
        href={block.href ? toUrl(toText(block.href) ?? '/customers') : null}
        link={toText(block.link)}
      />
      <ul className="customer-strip__list">
        {items.map((item, i) => (
          <li key={i} className="customer-strip__airline">
            <TailFin />
            <span className="trust__code">
              <Phrases text={toText(item.name) ?? ''} />
            </span>
            <span className="trust__label">
              <Phrases text={toText(item.region) ?? ''} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An aircraft's tail over its fuselage, a stripe of its livery across the fin; its colour is the tile's (home.css). */
function TailFin() {
  return (
    <svg className="customer-strip__fin" viewBox="0 0 48 32" aria-hidden="true" focusable="false">
      <path d="M0 19h31l16-3v3l-13 10H0z" fill="#e3e9f0" stroke="#c5d0dc" />
      <path d="M14 20 34 2h8l2 16z" fill="currentColor" />
      <path d="M21.8 13 26.2 9h16.7l.5 4z" fill="#fff" opacity=".85" />
    </svg>
  );
}
