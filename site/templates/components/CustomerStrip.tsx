import { toList, toRecord, toText, type Data } from './data.ts';
import SectionHead from './SectionHead.tsx';
import { Phrases, useLocalUrl } from './site.tsx';

/**
 * Some of the airlines the company works for, named in the page's `customers` block (a title, the
 * names with their regions, the link to the customers page): the proof an airline looks for beside
 * the services, as plain names (fictional airlines have no marks to show). A section of its own,
 * headed like the others with its link at the end of the line; each name takes the trust strip's
 * badge, a yellow apron line beside it, so the two read as one kind of proof.
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
    </section>
  );
}
