import type { ReactNode } from 'react';

/** A home section's heading, with the link to the rest of its kind at its end (home.css). */
export default function SectionHead({
  id,
  title,
  href,
  link,
}: {
  id: string;
  title: ReactNode;
  href: string | null;
  link: ReactNode;
}) {
  return (
    <div className="home-section__head">
      <h2 id={id}>{title}</h2>
      {href ? (
        <a className="more-link" href={href}>
          {link}
        </a>
      ) : null}
    </div>
  );
}
