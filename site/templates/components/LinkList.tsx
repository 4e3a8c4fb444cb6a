import type { PageLink } from '../../../generator/types.ts';
import { toCardGrid } from './grid.ts';
import { useDate, useSite } from './site.tsx';
import Unbroken from './Unbroken.tsx';

/** Pages as cards: a section overview's pages, or news articles with their dates. */
export default function LinkList({
  links,
  headingLevel = 2,
  className = 'cards',
}: {
  links: readonly PageLink[];
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { payload } = useSite();
  const toDate = useDate();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const iso = (code: string) => payload.locales.find((l) => l.code === code)?.iso ?? code;
  return (
    <ul className={`${className} ${toCardGrid(links.length)}`}>
      {links.map((link) => (
        <li
          key={link.url}
          className="card"
          lang={link.contentLocale !== payload.contentLocale ? iso(link.contentLocale) : undefined}
        >
          <Heading className="card__title">
            <a href={link.url}>
              <Unbroken text={link.title} />
            </a>
          </Heading>
          {link.date ? (
            <p className="card__date">
              <time dateTime={link.date}>{toDate(link.date)}</time>
            </p>
          ) : null}
          <p className="card__text">{link.description}</p>
        </li>
      ))}
    </ul>
  );
}
