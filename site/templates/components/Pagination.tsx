import { useSite } from './site.tsx';

/**
 * The pages of a long list (behaviour.md: Long lists): the previous and next page, and every page
 * by number, the current one marked. Nothing when the list fits on one page.
 */
export default function Pagination() {
  const { payload, t } = useSite();
  // Read on every page, so that `site check` knows these texts are used even where no list is long.
  const label = t('pagination.label');
  const previous = t('pagination.previous');
  const following = t('pagination.next');
  const pagination = payload.pagination;
  const current = t('pagination.current', { page: pagination?.page ?? 1, pages: pagination?.pages ?? 1 });
  const nth = (page: number) => t('pagination.nth', { page });
  nth(1);
  if (!pagination || pagination.pages < 2) return null;
  const { page, urls } = pagination;
  const prev = urls[page - 2];
  const next = urls[page];
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">{current}</p>
      <ul className="pagination__pages">
        {urls.map((url, i) => (
          <li key={url}>
            <a href={url} aria-current={i + 1 === page ? 'page' : undefined}>
              <span className="visually-hidden">{nth(i + 1)}</span>
              <span aria-hidden="true">{i + 1}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="pagination__steps">
        {prev ? (
          <a className="button button--secondary" href={prev} rel="prev">
            {previous}
          </a>
        ) : null}
        {next ? (
          <a className="button" href={next} rel="next">
            {following}
          </a>
        ) : null}
      </p>
    </nav>
  );
}
