import { useSite } from './site.tsx';

/**
 * The pages of a long list (behaviour.md: Long lists): the previous and next page, and every page
 * by number, the current one marked. Nothing when the list fits on one page. The keys name their
 * namespace, so `site check` counts them as used on sites whose lists are all short.
 */
export default function Pagination() {
  const { payload, t } = useSite();
  const pagination = payload.pagination;
  if (!pagination || pagination.pages < 2) return null;
  const { page, pages, urls } = pagination;
  const prev = urls[page - 2];
  const next = urls[page];
  return (
    <nav className="pagination" aria-label={t('common:pagination.label')}>
      <p className="pagination__status">{t('common:pagination.current', { page, pages })}</p>
      <ul className="pagination__pages">
        {urls.map((url, i) => (
          <li key={url}>
            <a href={url} aria-current={i + 1 === page ? 'page' : undefined}>
              <span className="visually-hidden">{t('common:pagination.nth', { page: i + 1 })}</span>
              <span aria-hidden="true">{i + 1}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="pagination__steps">
        {prev ? (
          <a className="button button--secondary" href={prev} rel="prev">
            {t('common:pagination.previous')}
          </a>
        ) : null}
        {next ? (
          <a className="button" href={next} rel="next">
            {t('common:pagination.next')}
          </a>
        ) : null}
      </p>
    </nav>
  );
}
