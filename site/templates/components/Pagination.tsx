import { useSite } from './site.tsx';

/**
 * The pages of a long list (behaviour.md: Long lists): the previous and next page, and the pages
 * by number that the payload names (every page of a short list), the current one marked, a gap
 * where pages are left out. Nothing when the list fits on one page. The keys name their namespace,
 * so `site check` counts them as used on sites whose lists are all short.
 */
export default function Pagination() {
  const { payload, t } = useSite();
  const pagination = payload.pagination;
  if (!pagination || pagination.pages < 2) return null;
  const { page, pages, shown, prev, next } = pagination;
  return (
    <nav className="pagination" aria-label={t('common:pagination.label')}>
      <p className="pagination__status">{t('common:pagination.current', { page, pages })}</p>
      <ul className="pagination__pages">
        {shown.map((link, i) =>
          link ? (
            <li key={link.url}>
              <a href={link.url} aria-current={link.page === page ? 'page' : undefined}>
                <span className="visually-hidden">{t('common:pagination.nth', { page: link.page })}</span>
                <span aria-hidden="true">{link.page}</span>
              </a>
            </li>
          ) : (
            // Pages left out: each is a step away with the previous and next page.
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
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
