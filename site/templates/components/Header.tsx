import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import Drawer from './Drawer.tsx';
import Icon, { toLogotype } from './icons.tsx';
import LanguageSwitcher from './LanguageSwitcher.tsx';
import SearchButton from './SearchButton.tsx';
import { isInSection, toMarks, toSectionOf, useLocalUrl, useReused, useSite } from './site.tsx';

type SearchDialogType = ComponentType<{ onClose: () => void }>;
/** The search dialog's code: loaded when the search is first opened or its control hovered. */
const loadSearchDialog = () => import('./SearchDialog.tsx').then((m) => m.default as SearchDialogType);

/** An element where `/` is typed as text, not taken as the search shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Logotype, main navigation with section menus, and the language switcher. One navigation per width
 * (behaviour.md: Presentation): on phones and tablets a menu button opens it in a 256 px drawer.
 */
export default function Header() {
  const { payload, t, search, controls } = useSite();
  const toUrl = useLocalUrl();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // How often the drawer was opened: its list is made anew each time (Drawer).
  const [drawerOpened, setDrawerOpened] = useState(0);
  const [searchOpen, setSearchOpen] = useState(false);
  const [SearchDialog, setSearchDialog] = useState<SearchDialogType | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  /** What had focus before the search opened: it has it again when the search closes. */
  const beforeSearch = useRef<HTMLElement | null>(null);
  const section = toSectionOf(payload.path);

  // A navigation closes the drawer, any open menu and the search (behaviour.md: Constants).
  useEffect(() => {
    setOpenMenu(null);
    setDrawerOpen(false);
    setSearchOpen(false);
  }, [payload.url]);

  // The search's code and index load on first use, or when its control is hovered or focused.
  const prepareSearch = useCallback(() => {
    if (!search) return;
    loadSearchDialog().then(
      (dialog) => setSearchDialog(() => dialog),
      (error: unknown) => console.warn('The search could not load:', error),
    );
    search.prepare(payload.locale).catch((error: unknown) => console.warn('The search index could not load:', error));
  }, [search, payload.locale]);

  const openSearch = useCallback(() => {
    if (!search) return;
    const focused = document.activeElement;
    // From the drawer, focus returns to the menu button: the drawer closes as the search opens.
    beforeSearch.current = focused instanceof HTMLElement && !focused.closest('.drawer') ? focused : menuButton.current;
    setDrawerOpen(false);
    setSearchOpen(true);
    prepareSearch();
  }, [search, prepareSearch]);

  // The controls worked before the page was hydrated (the drawer, the menus, the search control):
  // the app takes them over as they stand, with no change a visitor could see
  // (behaviour.md: Controls before hydration).
  useEffect(() => {
    const before = controls?.takeOver();
    if (!before) return;
    if (before.dialog === 'site-drawer') setDrawerOpen(true);
    if (before.menu) setOpenMenu(before.menu.replace(/^menu-/, ''));
    if (before.search) openSearch();
  }, [controls, openSearch]);

  // Closed by the visitor (not by a navigation), the search gives focus back once the dialog is
  // gone: while it is open, the rest of the page cannot take focus.
  const refocus = useRef(false);
  const closeSearch = () => {
    refocus.current = true;
    setSearchOpen(false);
  };
  useEffect(() => {
    if (searchOpen || !refocus.current) return;
    refocus.current = false;
    (beforeSearch.current?.isConnected ? beforeSearch.current : searchButton.current)?.focus();
  }, [searchOpen]);

  // `/` (outside a text field) or Ctrl-K / ⌘K opens the search from anywhere on the page.
  useEffect(() => {
    if (!search) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const shortcut =
        (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.shiftKey
          ? true
          : event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
      if (!shortcut) return;
      event.preventDefault();
      openSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [search, openSearch]);

  // An open section menu closes when the visitor clicks or moves focus outside its entry, as it
  // does before hydration (behaviour.md: Controls before hydration).
  useEffect(() => {
    if (openMenu === null) return;
    const leave = (event: Event) => {
      const entry = document.getElementById(`menu-${openMenu}`)?.parentElement;
      if (entry && event.target instanceof Node && !entry.contains(event.target)) setOpenMenu(null);
    };
    document.addEventListener('click', leave, true);
    document.addEventListener('focusin', leave, true);
    return () => {
      document.removeEventListener('click', leave, true);
      document.removeEventListener('focusin', leave, true);
    };
  }, [openMenu]);

  const onMenuKey = (event: KeyboardEvent, key: string) => {
    if (event.key !== 'Escape' || openMenu !== key) return;
    setOpenMenu(null);
    event.currentTarget.querySelector('button')?.focus();
  };

  // The main navigation is the same on every page of a locale that marks the same entries, the
  // page in its section's menu among them: rendered once for them on the server. Its section
  // menus are in the page from the start, so that they open before it is hydrated.
  const inMenu = Object.values(payload.menus).some((menu) => menu.some((link) => link.url === payload.url));
  const items = payload.nav
    .filter((item) => item.path !== '/')
    .map((item) => ({
      item,
      here: payload.path === item.path,
      inSection: section !== '' && isInSection(item, payload.path),
    }));
  const mainNav = useReused(`main-nav|${payload.locale}|${toMarks(items)}|${inMenu ? payload.url : ''}`, () => (
    <nav className="main-nav" aria-label={t('nav:mainNavigation')}>
      <ul className="main-nav__list">
        {items.map(({ item, here, inSection }) => {
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
                aria-current={here ? 'page' : undefined}
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
                    data-toggles=""
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
  ));
  const logotype = toLogotype(payload.locale);

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={drawerOpen}
            aria-controls="site-drawer"
            data-opens="site-drawer"
            onClick={() => {
              setDrawerOpen(true);
              setDrawerOpened((n) => n + 1);
            }}
          >
            <Icon name="menu" />
            <span className="visually-hidden">{t('nav:openMenu')}</span>
          </button>
          {/* The logotype: the mark and the name in both scripts, the page's first (toLogotype). */}
          <a className="brand" href={toUrl('/')}>
            <img
              className="brand__logotype"
              src={logotype.src}
              width={logotype.width}
              height="48"
              alt={t('nav:brand')}
            />
          </a>
          {mainNav}
          <SearchButton
            className="search-button--header"
            iconOnly
            buttonRef={searchButton}
            onOpen={openSearch}
            onPrepare={prepareSearch}
          />
          <LanguageSwitcher />
          {/* The airlines' action in reach on every page, to the proposal request: one short label
              at every width, which the bar has room for on phones too. */}
          <a className="button header-action" href={toUrl('/proposal')}>
            {t('nav:proposal')}
          </a>
        </div>
      </header>
      {/* Without the runtime the drawer cannot open (noscript.css shows the main navigation). It
          stands beside the header, whose controls are the ones a page without JavaScript has. */}
      <Drawer
        open={drawerOpen}
        opened={drawerOpened}
        onClose={() => {
          setDrawerOpen(false);
          menuButton.current?.focus();
        }}
        onSearch={openSearch}
        onPrepareSearch={prepareSearch}
      />
      {searchOpen && SearchDialog ? <SearchDialog onClose={closeSearch} /> : null}
    </>
  );
}
