import PageAside from '../components/PageAside.tsx';
import PageHeading from '../components/PageHeading.tsx';
import Prose from '../components/Prose.tsx';
import { formatDate, useIso, useLocalUrl, useSite } from '../components/site.tsx';

/** A news article: dated, with a way back to the newsroom. */
export default function ArticlePage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const iso = useIso(payload.contentLocale);
  return (
    <article className="page page--article">
      <PageHeading
        eyebrow={
          payload.date ? (
            <>
              {t('common:publishedOn')} <time dateTime={payload.date}>{formatDate(payload.date, iso)}</time>
            </>
          ) : null
        }
      />
      <div className="page-body page-body--aside">
        <div className="page-body__main">
          <Prose html={payload.html} />
          <p>
            <a className="more-link" href={toUrl('/news')}>
              {t('common:backToNews')}
            </a>
          </p>
        </div>
        <PageAside />
      </div>
    </article>
  );
}
