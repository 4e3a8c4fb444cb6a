import type { ReactNode } from 'react';
import ContactText from './ContactText.tsx';
import { SectionMenu } from './SideNav.tsx';
import { useSite } from './site.tsx';
import Unbroken from './Unbroken.tsx';

/** The page's one `h1` and its lead; on a section page below desktops, the section's menu under them. */
export default function PageHeading({ eyebrow, children }: { eyebrow?: ReactNode; children?: ReactNode }) {
  const { payload } = useSite();
  return (
    <header className="page-heading">
      {eyebrow ? <p className="page-heading__eyebrow">{eyebrow}</p> : null}
      <h1 id="page-title" tabIndex={-1}>
        <Unbroken text={payload.title} />
      </h1>
      <p className="page-heading__lead">
        <ContactText whole text={payload.description} />
      </p>
      {children}
      <SectionMenu />
    </header>
  );
}
