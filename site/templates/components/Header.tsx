import { useLocalUrl, useSite } from './site.tsx';
import LanguageSwitcher from './LanguageSwitcher.tsx';
import Logo from './Logo.tsx';

/** Logo, main navigation and the language switcher. */
export default function Header() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const section = payload.path.split('/')[1] ?? '';
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href={toUrl('/')}>
          <Logo />
          <span className="brand__name">{t('footer:company')}</span>
        </a>
        <nav className="main-nav" aria-label={t('nav:mainNavigation')}>
          <ul>
            {payload.nav.filter((item) => item.path !== '/').map((item) => {
              const inSection = section !== '' && (item.section ?? item.path.split('/')[1]) === section;
              return (
                <li key={item.key}>
                  <a
                    href={toUrl(item.path)}
                    aria-current={payload.path === item.path ? 'page' : undefined}
                    className={inSection ? 'is-active' : undefined}
                  >
                    {t(`nav:${item.key}`)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
