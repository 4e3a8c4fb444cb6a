import type { ReactNode } from 'react';
import ContactBlock from './ContactBlock.tsx';
import Figure from './Figure.tsx';
import OrgChart from './OrgChart.tsx';
import PageHeading from './PageHeading.tsx';
import Prose from './Prose.tsx';
import Stations from './Stations.tsx';
import Timeline from './Timeline.tsx';
import { useSite } from './site.tsx';

/**
 * A heading, the illustration, the page's prose and the structured blocks its front matter has; a
 * page for one audience ends with its contact block.
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
  return (
    <article className={`page page--${kind}`}>
      <PageHeading eyebrow={eyebrow} />
      <Figure data={payload.data} eager />
      <Prose html={payload.html} />
      <Stations data={payload.data} />
      <Timeline data={payload.data} />
      <OrgChart data={payload.data} />
      {children}
      <ContactBlock data={payload.data} />
    </article>
  );
}
