import type { PageLink } from '../../../generator/types.ts';
import { toCardGrid } from './grid.ts';
import { formatLanguageName, Phrases, useDate, useIso, useSite } from './site.tsx';
import Unbroken from './Unbroken.tsx';

/**
 * Pages as cards: a section overview's pages, or news articles with their dates. With
 * `thumbnails`, a card shows its page's illustration above its title (behaviour.md: Topics); an
 * article written in another language than the page carries a badge naming that language in the
 * page's own (an English-only release in the Chinese newsroom) and its summary in the page's
 * language instead of its own description.
 */
export default function LinkList({
  links,
  headingLevel = 2,
  className = 'cards',
  thumbnails = false,
}: {
  links: readonly PageLink[];
  headingLevel?: 2 | 3;
  className?: string;
  thumbnails?: boolean;
}) {
  const { payload } = useSite();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const iso = (code: string) => payload.locales.find((l) => l.code === code)?.iso ?? code;
  return (
    <ul className={`${className} ${toCardGrid(links.length)}`}>
      {links.map((link) => (
        <li
          key={link.url}
          className={thumbnails && link.image ? 'card card--thumb' : 'card'}
          lang={link.contentLocale !== payload.contentLocale ? iso(link.contentLocale) : undefined}
        >
          {thumbnails && link.image ? (
            <img
              className="card__image"
              src={link.image}
              alt={link.imageAlt ?? ''}
              width="800"
              height="450"
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <Heading className="card__title">
            <a href={link.url}>
              <Unbroken text={link.title} />
            </a>
          </Heading>
          <CardMeta link={link} />
          {/* An article in another language is described by its summary in the page's language
              alone, where the others have their description. */}
          {link.summary ? (
            <p className="card__text" lang={iso(payload.locale)}>
              <Phrases running text={link.summary} />
            </p>
          ) : (
            <p className="card__text">
              <Phrases running text={link.description ?? ''} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A card's date, its topic where the page filters by topic (the newsroom: its topic pages are the
 * page's `sectionPages`, labelled as the filter labels them), and, for an article in another
 * language than the page, the badge that says so.
 */
export function CardMeta({ link }: { link: PageLink }) {
  const { payload, t } = useSite();
  const topicPage = link.topic ? payload.sectionPages.find((p) => p.topic === link.topic) : undefined;
  const topic = topicPage ? t(`sidenav:${topicPage.name}`) : undefined;
  const toDate = useDate();
  const pageIso = useIso(payload.locale);
  const other = link.contentLocale !== payload.locale;
  if (!link.date && !other) return null;
  // Named only for the badge: the browser's language names are costly to make, once a page.
  const language = other
    ? formatLanguageName(payload.locales.find((l) => l.code === link.contentLocale)?.iso ?? '', pageIso)
    : '';
  // The date and the badge belong to the page: they read in its language, as the article's own
  // date line does (behaviour.md: Single-language pages).
  return (
    <p className="card__date" lang={other ? pageIso : undefined}>
      {link.date ? <time dateTime={link.date}>{toDate(link.date)}</time> : null}
      {/* The space between the date and its topic is where a narrow line wraps (LinkList.css). */}
      {link.date && topic ? ' ' : null}
      {topic ? <span className="card__topic">{topic}</span> : null}
      {other ? <span className="badge">{t('common:newsroom.inLanguage', { language })}</span> : null}
    </p>
  );
}
