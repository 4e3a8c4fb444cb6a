import { useLocalUrl, useSite } from '../components/site.tsx';

/** The error page (SPEC §6): status code, status message, description and a way home; no stack. */
export default function ErrorPage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const status = payload.error?.status ?? 500;
  const kind = status === 404 ? 'notFound' : 'serverError';
  return (
    <article className="page page--error">
      <header className="page-heading">
        <p className="error-code"><span className="visually-hidden">{t('errors:statusCode')} </span>{status}</p>
        <h1 id="page-title" tabIndex={-1}>{t(`errors:${kind}.status`)}</h1>
      </header>
      {status === 404 ? (
        <p className="error-message" data-not-found-message="" hidden>
          {t('errors:notFound.message')}<code data-requested-path=""></code>
        </p>
      ) : null}
      <p className="error-description">{payload.description}</p>
      <p className="error-actions">
        <a className="button" href={toUrl('/')}>{t('errors:backHome')}</a>
      </p>
    </article>
  );
}
