import type { ReactNode } from 'react';
import ContactBlock from './ContactBlock.tsx';
import Figure from './Figure.tsx';
import OrgChart from './OrgChart.tsx';
import PageAside from './PageAside.tsx';
import PageHeading from './PageHeading.tsx';
import Pagination from './Pagination.tsx';
import Prose from './Prose.tsx';
import Stations from './Stations.tsx';
import { useSite } from './site.tsx';

/**
 * A heading, the illustration, the page's prose and the structured blocks its front matter has; a
 * page for one audience ends with its contact block. A one-column page (`default` layout) has the
 * page aside beside its body.
 */
export default function ContentPage({
  kind,
  eyebrow,
  children,
}: {
  kind: string;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  const { payload } = useSite();
  const aside = payload.layout === 'default';
  return (
    <article className={`page page--${kind}`}>
      <PageHeading eyebrow={eyebrow} />
      <div className={aside ? 'page-body page-body--aside' : 'page-body'}>
        <div className="page-body__main">
          <Figure data={payload.data} eager />
          <Prose html={payload.html} />
          <Stations data={payload.data} />
          <OrgChart data={payload.data} />
          {children}
          <Pagination />
          <ContactBlock data={payload.data} />
        </div>
        {aside ? <PageAside /> : null}
      </div>
    </article>
  );
}
