import type { ReactNode } from 'react';
import ContactText from './ContactText.tsx';
import Figure from './Figure.tsx';
import { SectionMenu } from './SideNav.tsx';
import { useSite } from './site.tsx';
import Unbroken from './Unbroken.tsx';

/**
 * The page's one `h1` and its lead on a band of the brand's sky; `illustrated`: with the page's
 * illustration (front matter `image`) beside them from tablets and under them on phones. A landing page's headline facts (`banner`: the services'
 * figures, working at the company) close the band across its width. On a section page below
 * desktops, the section's menu under the band.
 */
export default function PageHeading({
  eyebrow,
  illustrated = false,
  banner,
  children,
}: {
  eyebrow?: ReactNode;
  illustrated?: boolean;
  banner?: ReactNode;
  children?: ReactNode;
}) {
  const { payload } = useSite();
  const figure = illustrated && payload.data.image ? <Figure data={payload.data} eager /> : null;
  return (
    <header className={figure ? 'page-heading page-heading--figure' : 'page-heading'}>
      <div className="page-heading__text">
        {eyebrow ? <p className="page-heading__eyebrow">{eyebrow}</p> : null}
        <h1 id="page-title" tabIndex={-1}>
          <Unbroken text={payload.title} />
        </h1>
        <p className="page-heading__lead">
          <ContactText whole text={payload.description} />
        </p>
        {children}
      </div>
      {figure}
      {banner ? <div className="page-heading__banner">{banner}</div> : null}
      <SectionMenu />
    </header>
  );
}
