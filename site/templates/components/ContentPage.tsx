import type { ReactNode } from 'react';
import CaseStudies from './CaseStudies.tsx';
import ContactBlock from './ContactBlock.tsx';
import PageAside from './PageAside.tsx';
import PageHeading from './PageHeading.tsx';
import Pagination from './Pagination.tsx';
import Prose from './Prose.tsx';
import { useSite } from './site.tsx';

/**
 * A heading with the page's illustration, what spans the page above its text (`top`), the page's prose, what the page's own template adds to the text
 * (`children`), then its wide blocks (`wide`: a card grid, the open positions, the stations), the
 * case studies it names (`cases`, on the customer and service pages: a few lines each) and the
 * pagination; a page for one audience without the aside ends with its contact block. A block only some pages
 * have (the station map, the organization chart) is imported by their template, so the other
 * pages do not load its code. A one-column page (`default` layout) and a section page have the
 * page aside beside its text.
 */
export default function ContentPage({
  kind,
  eyebrow,
  lead,
  banner,
  top,
  before,
  children,
  wide,
}: {
  kind: string;
  eyebrow?: ReactNode;
  /** What follows the heading's lead (the careers page's early action on phones). */
  lead?: ReactNode;
  /** The headline facts that close the title band (PageHeading). */
  banner?: ReactNode;
  /** What spans the page's grid between the title band and the text (a service's steps). */
  top?: ReactNode;
  /** What the page's template shows before its prose (a position's facts and how to apply). */
  before?: ReactNode;
  children?: ReactNode;
  /** What spans the page's grid under the text and the aside (PageAside.css). */
  wide?: ReactNode;
}) {
  const { payload } = useSite();
  // The aside stands in the grid's last columns on one-column and section pages alike, beside the
  // text as it scrolls; it comes first, so that it is read before the text below the desktop's width.
  const aside = payload.layout === 'default' || payload.layout === 'section';
  return (
    <article className={`page page--${kind}`}>
      <PageHeading eyebrow={eyebrow} illustrated banner={banner}>
        {lead}
      </PageHeading>
      <div className={aside ? 'page-body page-body--aside' : 'page-body'}>
        {aside ? <PageAside /> : null}
        {top ? <div className="page-body__top">{top}</div> : null}
        <div className="page-body__main">
          {before}
          <Prose html={payload.html} />
          {children}
        </div>
        <div className="page-body__wide">
          {wide}
          <CaseStudies data={payload.data} />
          <Pagination />
          {/* The aside is the page's one contact box; a page without one ends with its audience's. */}
          {aside ? null : <ContactBlock data={payload.data} />}
        </div>
      </div>
    </article>
  );
}
