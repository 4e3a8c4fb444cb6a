import type { AppProps } from '../../generator/types.ts';
import { SiteContext } from './components/site.tsx';

/**
 * The app shell: the payload's layout around its page template. A single-language page shown
 * under another locale's URL says so, and marks its text with the language it is written in.
 */
export default function App({ payload, t, Page, Layout }: AppProps) {
  const contentIso = payload.locales.find((l) => l.code === payload.contentLocale);
  const foreign = payload.contentLocale !== payload.locale && contentIso;
  return (
    <SiteContext.Provider value={{ payload, t }}>
      <Layout payload={payload} t={t}>
        {foreign ? (
          <>
            <p className="notice" role="note">
              {t('common:onlyInLanguage', { language: contentIso.name })}
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
