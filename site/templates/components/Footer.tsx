import { toBuildYear, useLocalUrl, useSite } from './site.tsx';

const STATIONS = ['tpe', 'khh', 'tsa', 'rmq'] as const;

/** Stations, contacts and a site map of the main sections. */
export default function Footer() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__company">
            {t('footer:company')}
          </h2>
          <p>{t('footer:tagline')}</p>
          <address>
            <p>
              <span className="label">{t('footer:headquarters')}</span> {t('footer:address')}
            </p>
            <p>
              <span className="label">{t('footer:phone')}</span> <a href="tel:+88635550100">+886-3-555-0100</a>
            </p>
            <p>
              <span className="label">{t('footer:fax')}</span> +886-3-555-0199
            </p>
            <p>
              <span className="label">{t('footer:email')}</span>{' '}
              <a href="mailto:service@cloudwing.example">service@cloudwing.example</a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-stations">
          <h2 id="footer-stations">{t('footer:stationsHeading')}</h2>
          <ul>
            {STATIONS.map((s) => (
              <li key={s}>{t(`footer:stations.${s}`)}</li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap">{t('footer:sitemapHeading')}</h2>
          <ul>
            {payload.nav.map((item) => (
              <li key={item.key}>
                <a href={toUrl(item.path)}>{t(`nav:${item.key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p>{t('footer:copyright', { year: String(toBuildYear(payload.buildId)) })}</p>
        <p>{t('footer:fictional')}</p>
        <p className="site-footer__cookies">{t('footer:cookieNote')}</p>
      </div>
    </footer>
  );
}
