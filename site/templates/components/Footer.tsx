import PhoneRows, { toPhoneNumbers } from './PhoneRows.tsx';
import EmailAddress from './EmailAddress.tsx';
import { toLogotype } from './icons.tsx';
import { Phrases, useReused, toBuildYear, useLocalUrl, useSite } from './site.tsx';

/** The stations by size, largest first, as the station map numbers them. */
const STATIONS = ['tpe', 'khh', 'tsa', 'rmq'] as const;
/** The page that shows each station (`#station-<code>`). */
const STATIONS_PAGE = '/about/about-location';

/**
 * The company and its headquarters, how to reach it, its stations and a site map of the main
 * sections. The numbers and the e-mail address are those of `contacts` in the site configuration:
 * its telephone and fax numbers, and the address of its first department, the company's general
 * one (behaviour.md: Contact details). The same on every page of a locale: rendered once.
 */
export default function Footer() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const year = toBuildYear(payload.buildId);
  return useReused(`footer|${payload.locale}|${year}`, () => {
    const { phones, faxes } = toPhoneNumbers(payload.contacts);
    const general = payload.contacts[0];
    const logotype = toLogotype(payload.locale, true);
    return (
      <footer className="site-footer">
        <div className="site-footer__inner">
          <section aria-labelledby="footer-company">
            {/* The logotype in its colours for a dark ground; the heading below names the company. Lazy: React
                would otherwise write a preload of it into the markup kept for every page (behaviour.md: Markup rendered once). */}
            <img
              className="site-footer__logotype"
              src={logotype.src}
              width={logotype.width}
              height="48"
              alt=""
              loading="lazy"
            />
            <h2 id="footer-company" className="site-footer__company">
              {t('footer:company')}
            </h2>
            <p>
              <Phrases text={t('footer:tagline')} />
            </p>
            <p className="site-footer__address">
              <span className="label">{t('footer:headquarters')}</span>
              {t('footer:address')}
            </p>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{t('footer:contactHeading')}</h2>
            <address>
              <dl className="site-footer__contacts">
                <PhoneRows phones={phones} faxes={faxes} phoneLabel={t('footer:phone')} faxLabel={t('footer:fax')} />
                {general ? (
                  <div>
                    <dt>{t('footer:email')}</dt>
                    <dd>
                      <EmailAddress address={general.email} />
                    </dd>
                  </div>
                ) : null}
              </dl>
              <a className="site-footer__more" href={toUrl('/contact')}>
                {t('common:contactAll')}
              </a>
            </address>
          </section>
          <section aria-labelledby="footer-stations">
            <h2 id="footer-stations">{t('footer:stationsHeading')}</h2>
            {/* A station's name (`.ph`, with no `<wbr>`) breaks only before its bracketed note (總部). */}
            <ul className="site-footer__stations">
              {STATIONS.map((s) => (
                <li key={s}>
                  <a className="ph" href={`${toUrl(STATIONS_PAGE)}#station-${s}`}>
                    {t(`footer:stations.${s}`)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <nav aria-labelledby="footer-sitemap">
            <h2 id="footer-sitemap">{t('footer:sitemapHeading')}</h2>
            <ul className="site-footer__sitemap">
              {payload.nav.map((item) => (
                <li key={item.key}>
                  <a href={toUrl(item.path)}>{t(`nav:${item.key}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="site-footer__legal">
          <p>{t('footer:copyright', { year: String(year) })}</p>
          <p>
            <Phrases running text={t('footer:fictional')} />
          </p>
          <p className="site-footer__cookies">
            <Phrases running text={t('footer:cookieNote')} />
          </p>
          <p className="site-footer__privacy">
            <a href={toUrl('/privacy')}>{t('footer:privacy')}</a>
          </p>
        </div>
      </footer>
    );
  });
}
