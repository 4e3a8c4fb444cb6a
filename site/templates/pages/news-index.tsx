import type { PageLink } from '../../../generator/types.ts';
import ContentPage from '../components/ContentPage.tsx';
import { toText } from '../components/data.ts';
import LinkList, { CardMeta } from '../components/LinkList.tsx';
import { Phrases, useLocalUrl, useSite } from '../components/site.tsx';
import Unbroken from '../components/Unbroken.tsx';

/**
 * The newsroom and its topic pages (behaviour.md: Topics): the topic filter as links to the topic
 * pages, then the featured story, larger,
 * then every other article as a card with its thumbnail, newest first.
 */
export default function NewsIndexPage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const topic = toText(payload.data.topic);
  // The featured story leads the whole newsroom's first page, not a topic's list.
  const featured =
    !topic && (payload.pagination?.page ?? 1) === 1 ? payload.listed.find((link) => link.featured) : undefined;
  const others = payload.listed.filter((link) => link !== featured);
  return (
    <ContentPage kind="news-index" eyebrow={topic ? <a href={toUrl('/news')}>{t('nav:news')}</a> : undefined}>
      {payload.sectionPages.length > 0 ? (
        <nav className="topic-filter" aria-label={t('common:newsroom.topics')}>
          <ul>
            <li>
              <a href={toUrl('/news')} aria-current={topic ? undefined : 'page'}>
                {t('common:newsroom.allTopics')}
              </a>
            </li>
            {payload.sectionPages.map((link) => (
              <li key={link.url}>
                <a href={link.url} aria-current={link.url === payload.url ? 'page' : undefined}>
                  {t(`sidenav:${link.name}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {featured ? <FeaturedStory link={featured} /> : null}
      <ByYear links={others} />
    </ContentPage>
  );
}

/** The other stories under the year they were published, newest first: a year's heading where they span more than one. */
function ByYear({ links }: { links: readonly PageLink[] }) {
  const { t } = useSite();
  const years = new Map<string, PageLink[]>();
  for (const link of links) {
    const year = link.date?.slice(0, 4) ?? '';
    const group = years.get(year);
    if (group) group.push(link);
    else years.set(year, [link]);
  }
  const list = (shown: readonly PageLink[], level: 2 | 3) => (
    <LinkList links={shown} className="cards cards--news" thumbnails headingLevel={level} />
  );
  if (years.size < 2) return list(links, 2);
  return [...years].map(([year, shown]) => (
    <section key={year} className="news-year" aria-labelledby={`news-year-${year}`}>
      <h2 id={`news-year-${year}`} className="news-year__title">
        {t('common:newsroom.year', { year })}
      </h2>
      {list(shown, 3)}
    </section>
  ));
}

/** The featured story: its illustration beside its title, date and summary. */
function FeaturedStory({ link }: { link: PageLink }) {
  const { t } = useSite();
  return (
    <section className="news-featured" aria-labelledby="news-featured-title">
      {link.image ? (
        <img
          className="news-featured__image"
          src={link.image}
          alt={link.imageAlt ?? ''}
          width="800"
          height="450"
          decoding="async"
        />
      ) : null}
      <div className="news-featured__text">
        <p className="news-featured__label">{t('common:newsroom.featured')}</p>
        <h2 id="news-featured-title" className="news-featured__title">
          <a href={link.url}>
            <Unbroken text={link.title} />
          </a>
        </h2>
        <CardMeta link={link} />
        <p className="news-featured__summary">
          <Phrases running text={link.description ?? ''} />
        </p>
      </div>
    </section>
  );
}
