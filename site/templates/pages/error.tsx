import ContactText from '../components/ContactText.tsx';
import { useLocalUrl, useSite } from '../components/site.tsx';

/**
 * The error page (behaviour.md: Error pages): status code, status message, description and a way
 * home; no stack. On the static 404 page the requested path is filled in by a script; in the
 * browser the runtime passes it in. After a failed reload the page offers to try again.
 */
export default function ErrorPage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const status = payload.error?.status ?? 500;
  const kind = status === 404 ? 'notFound' : 'serverError';
  const path = payload.error?.path;
  return (
    <article className="page page--error">
      <header className="page-heading">
        <p className="error-code">
          <span className="visually-hidden">{t('errors:statusCode')} </span>
          {status}
        </p>
        <h1 id="page-title" tabIndex={-1}>
          {t(`errors:${kind}.status`)}
        </h1>
      </header>
      {status === 404 ? (
        <p className="error-message" data-not-found-message="" hidden={path === undefined}>
          {t('errors:notFound.message')}
          <code data-requested-path="">{path ?? ''}</code>
        </p>
      ) : null}
      <p className="error-description">
        <ContactText whole text={payload.description} />
      </p>
      <p className="error-actions">
        {payload.error?.retry ? (
          <a className="button" href={payload.error.retry} data-full-load="">
            {t('errors:tryAgain')}
          </a>
        ) : null}
        <a className={payload.error?.retry ? 'button button--secondary' : 'button'} href={toUrl('/')}>
          {t('errors:backHome')}
        </a>
      </p>
    </article>
  );
}
