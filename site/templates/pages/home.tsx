import LinkList from '../components/LinkList.tsx';
import Prose from '../components/Prose.tsx';
import { useLocalUrl, useSite } from '../components/site.tsx';

/** The home page: the company in a sentence, its opening text and the latest news. */
export default function HomePage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  return (
    <article className="page page--home">
      <header className="hero">
        <p className="hero__eyebrow">{t('footer:company')}</p>
        <h1 id="page-title" tabIndex={-1}>{payload.title}</h1>
        <p className="hero__lead">{payload.description}</p>
      </header>
      <Prose html={payload.html} />
      {payload.listed.length > 0 ? (
        <section className="home-news" aria-labelledby="home-news-title">
          <h2 id="home-news-title">{t('common:latestNews')}</h2>
          <LinkList links={payload.listed} headingLevel={3} />
          <p><a className="more-link" href={toUrl('/news')}>{t('common:allNews')}</a></p>
        </section>
      ) : null}
    </article>
  );
}
