import type { ReactNode } from 'react';
import PageHeading from './PageHeading.tsx';
import Prose from './Prose.tsx';
import { useSite } from './site.tsx';

/** A heading, the page's prose, then whatever the template adds. */
export default function ContentPage({ kind, eyebrow, children }: { kind: string; eyebrow?: ReactNode; children?: ReactNode }) {
  const { payload } = useSite();
  return (
    <article className={`page page--${kind}`}>
      <PageHeading eyebrow={eyebrow} />
      <Prose html={payload.html} />
      {children}
    </article>
  );
}
