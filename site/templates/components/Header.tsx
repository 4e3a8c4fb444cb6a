import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Drawer from './Drawer.tsx';
import Icon from './icons.tsx';
import LanguageSwitcher from './LanguageSwitcher.tsx';
import Logo from './Logo.tsx';
import Rail from './Rail.tsx';
import { useLocalUrl, useSite } from './site.tsx';

/**
 * Logo, main navigation with section menus, and the language switcher. One navigation per width
 * (behaviour.md: Presentation): on tablets the 80 px rail takes its place, on phones a menu button
 * opens it in a 256 px drawer.
 */
export default function Header() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const section = payload.path.split('/')[1] ?? '';

  // A navigation closes the drawer and any open menu (behaviour.md: Constants).
  useEffect(() => {
    setOpenMenu(null);
    setDrawerOpen(false);
  }, [payload.url]);

  const onMenuKey = (event: KeyboardEvent, key: string) => {
    if (event.key !== 'Escape' || openMenu !== key) return;
    setOpenMenu(null);
    event.currentTarget.querySelector('button')?.focus();
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={drawerOpen}
          aria-controls="site-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
          <span className="visually-hidden">{t('nav:openMenu')}</span>
        </button>
        <a className="brand" href={toUrl('/')}>
          <Logo />
          <span className="brand__name">{t('nav:brand')}</span>
        </a>
        <nav className="main-nav" aria-label={t('nav:mainNavigation')}>
          <ul className="main-nav__list">
            {payload.nav
              .filter((item) => item.path !== '/')
              .map((item) => {
                const inSection = section !== '' && (item.section ?? item.path.split('/')[1]) === section;
                const menu = item.section ? (payload.menus[item.section] ?? []) : [];
                const label = t(`nav:${item.key}`);
                return (
                  <li
                    key={item.key}
                    className={menu.length > 0 ? 'has-menu' : undefined}
                    data-open={openMenu === item.key ? '' : undefined}
                    onKeyDown={(event) => onMenuKey(event, item.key)}
                  >
                    <a
                      href={toUrl(item.path)}
                      aria-current={payload.path === item.path ? 'page' : undefined}
                      className={inSection ? 'is-active' : undefined}
                    >
                      {label}
                    </a>
                    {menu.length > 0 ? (
                      <>
                        <button
                          type="button"
                          className="submenu-toggle"
                          aria-expanded={openMenu === item.key}
                          aria-controls={`menu-${item.key}`}
                          onClick={() => setOpenMenu(openMenu === item.key ? null : item.key)}
                        >
                          <Icon name="chevron" />
                          <span className="visually-hidden">{t('nav:sectionMenu', { section: label })}</span>
                        </button>
                        <ul className="submenu" id={`menu-${item.key}`}>
                          {menu.map((link) => (
                            <li key={link.url} className={link.depth > 0 ? 'submenu__item--nested' : undefined}>
                              <a href={link.url} aria-current={link.url === payload.url ? 'page' : undefined}>
                                {t(`sidenav:${link.name}`)}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
      <Rail />
      <Drawer
        open={drawerOpen}
        onClose={() => {
          setDrawerOpen(false);
          menuButton.current?.focus();
        }}
      />
    </header>
  );
}
