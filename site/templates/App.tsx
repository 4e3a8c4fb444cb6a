import type { AppProps } from '../../generator/types.ts';
import { SiteContext, formatLanguageName } from './components/site.tsx';

/**
 * The app shell: the payload's layout around its page template. A single-language page shown
 * under another locale's URL says so, naming the language in the page's own (本頁僅提供英文版本), and
 * marks its text with the language it is written in. A page a production build would leave out
 * (a draft, a scheduled or expired page, built on request) carries a band that says so.
 */
export default function App({ payload, t, Page, Layout, search, breaks, ties, reuse, controls }: AppProps) {
  const contentIso = payload.locales.find((l) => l.code === payload.contentLocale);
  const foreign = payload.contentLocale !== payload.locale && contentIso;
  const pageIso = payload.locales.find((l) => l.code === payload.locale)?.iso ?? payload.locale;
  return (
    <SiteContext.Provider
      value={{
        payload,
        t,
        search: search ?? null,
        breaks,
        ties: ties ?? null,
        reuse: reuse ?? null,
        controls: controls ?? null,
      }}
    >
      <Layout payload={payload} t={t}>
        {payload.unpublished ? (
          <p className="notice notice-unpublished" role="note">
            {payload.unpublished.label}
          </p>
        ) : null}
        {foreign ? (
          <>
            <p className="notice" role="note">
              {t('common:onlyInLanguage', { language: formatLanguageName(contentIso.iso, pageIso) })}
            </p>
            <div lang={contentIso.iso}>
              <Page payload={payload} t={t} />
            </div>
          </>
        ) : (
          <Page payload={payload} t={t} />
        )}
      </Layout>
    </SiteContext.Provider>
  );
}
