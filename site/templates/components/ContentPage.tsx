import type { ReactNode } from 'react';
import CaseStudies from './CaseStudies.tsx';
import ContactBlock from './ContactBlock.tsx';
import Figure from './Figure.tsx';
import PageAside from './PageAside.tsx';
import PageHeading from './PageHeading.tsx';
import Pagination from './Pagination.tsx';
import Prose from './Prose.tsx';
import { useSite } from './site.tsx';

/**
 * A heading, the illustration, the page's prose, what the page's own template adds (`children`),
 * the case studies it names (`cases`, on the customer and service pages: a few lines each), then the
 * pagination; a page for one audience without the aside ends with its contact block. A block only some pages
 * have (the station map, the organization chart) is imported by their template, so the other
 * pages do not load its code. A one-column page (`default` layout) and a section page have the
 * page aside beside its body.
 */
export default function ContentPage({
  kind,
  eyebrow,
  lead,
  before,
  children,
}: {
  kind: string;
  eyebrow?: ReactNode;
  /** What follows the heading's lead (the careers page's early action on phones). */
  lead?: ReactNode;
  /** What the page's template shows before its prose (a position's facts and how to apply). */
  before?: ReactNode;
  children?: ReactNode;
}) {
  const { payload } = useSite();
  // The aside floats in the grid's last columns on one-column and section pages alike, beside the
  // top of the text; it comes first so that what follows it can take the full width (PageAside.css).
  const aside = payload.layout === 'default' || payload.layout === 'section';
  return (
    <article className={`page page--${kind}`}>
      <PageHeading eyebrow={eyebrow}>{lead}</PageHeading>
      <div className={aside ? 'page-body page-body--aside' : 'page-body'}>
        {aside ? <PageAside /> : null}
        <div className="page-body__main">
          <Figure data={payload.data} eager />
          {before}
          <Prose html={payload.html} />
          {children}
          <CaseStudies data={payload.data} />
          <Pagination />
          {/* The aside is the page's one contact box; a page without one ends with its audience's. */}
          {aside ? null : <ContactBlock data={payload.data} />}
        </div>
      </div>
    </article>
  );
}
