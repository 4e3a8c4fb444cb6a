import LinkList from '../components/LinkList.tsx';
import PageAside from '../components/PageAside.tsx';
import PageHeading from '../components/PageHeading.tsx';
import Prose from '../components/Prose.tsx';
import ShareStory from '../components/ShareStory.tsx';
import { useDate, useIso, useLocalUrl, useSite } from '../components/site.tsx';

/**
 * A news article: dated, its scene in the title band as on every page, with a way back to the
 * newsroom and more news after it (three other articles, its topic's first). The date and the way back are the page's
 * own, in its locale: on the Chinese URL of an English-only release they read in Chinese, marked
 * so, around the English text (behaviour.md: Single-language pages).
 */
export default function ArticlePage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const toDate = useDate();
  const pageIso = useIso(payload.locale);
  const lang = payload.contentLocale !== payload.locale ? pageIso : undefined;
  return (
    <article className="page page--article">
      <PageHeading
        illustrated
        eyebrow={
          payload.date ? (
            <span lang={lang}>
              {`${t('common:publishedOn')}${t('common:labelSeparator')}`}
              <time dateTime={payload.date}>{toDate(payload.date)}</time>
            </span>
          ) : null
        }
      />
      <div className="page-body page-body--aside">
        <PageAside>
          <ShareStory />
        </PageAside>
        <div className="page-body__main">
          <Prose html={payload.html} />
          <p lang={lang}>
            <a className="more-link more-link--back" href={toUrl('/news')}>
              {t('common:backToNews')}
            </a>
          </p>
        </div>
        {payload.listed.length > 0 ? (
          <div className="page-body__wide">
            <section className="page-wide more-news" aria-labelledby="more-news-title">
              <h2 id="more-news-title" lang={lang}>
                {t('common:newsroom.more')}
              </h2>
              <LinkList links={payload.listed} className="cards cards--more-news" thumbnails headingLevel={3} />
            </section>
          </div>
        ) : null}
      </div>
    </article>
  );
}
