import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Icon from './icons.tsx';
import SearchButton from './SearchButton.tsx';
import { isInSection, useLocalUrl, useSite } from './site.tsx';

/**
 * The navigation drawer on phones (256 px; behaviour.md: Constants): a modal dialog that keeps
 * focus inside while open, closes on Escape, on the backdrop and on navigation. Each section's
 * pages fold under it; the current section's are unfolded each time it opens (`opened` counts the
 * openings). It is in the page from the start, hidden, so that it opens before the page is
 * hydrated (`data-opens`, `data-closes`, `data-modal`: behaviour.md: Controls before hydration).
 */
export default function Drawer({
  open,
  opened,
  onClose,
  onSearch,
  onPrepareSearch,
}: {
  open: boolean;
  opened: number;
  onClose: () => void;
  onSearch: () => void;
  onPrepareSearch: () => void;
}) {
  const { t } = useSite();
  const panel = useRef<HTMLDivElement>(null);

  // Focus moves in as the drawer opens; not when it was open before the app took it over and
  // the visitor's focus is inside already.
  useEffect(() => {
    if (open && !panel.current?.contains(document.activeElement))
      panel.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="drawer" data-open={open ? '' : undefined} hidden={!open} data-modal="">
      <div className="drawer__backdrop" onClick={onClose} data-closes="" />
      <div
        ref={panel}
        id="site-drawer"
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav:mainNavigation')}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="drawer__close" onClick={onClose} data-closes="">
          <Icon name="close" />
          <span className="visually-hidden">{t('nav:closeMenu')}</span>
        </button>
        <SearchButton className="search-button--drawer" onOpen={onSearch} onPrepare={onPrepareSearch} />
        <DrawerList key={opened} />
      </div>
    </div>
  );
}

/**
 * The drawer's entries: each section's pages fold under it behind a button, and the current
 * section's are unfolded each time the drawer opens (the list is made anew then).
 */
function DrawerList() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(
    () => new Set(payload.nav.filter((item) => isInSection(item, payload.path)).map((item) => item.key)),
  );
  const toggle = (key: string) =>
    setUnfolded((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <ul className="drawer__list">
      {payload.nav.map((item) => {
        const links = (item.section ? (payload.menus[item.section] ?? []) : []).filter(
          (link) => link.url !== toUrl(item.path),
        );
        const label = t(`nav:${item.key}`);
        const shown = unfolded.has(item.key);
        return (
          <li key={item.key}>
            <div className="drawer__row">
              <a href={toUrl(item.path)} aria-current={payload.path === item.path ? 'page' : undefined}>
                <Icon name={item.key} />
                {label}
              </a>
              {links.length > 0 ? (
                <button
                  type="button"
                  className="drawer__toggle"
                  data-needs-app=""
                  aria-expanded={shown}
                  aria-controls={`drawer-${item.key}`}
                  onClick={() => toggle(item.key)}
                >
                  <Icon name="chevron" />
                  <span className="visually-hidden">{t('nav:sectionMenu', { section: label })}</span>
                </button>
              ) : null}
            </div>
            {links.length > 0 && shown ? (
              <ul id={`drawer-${item.key}`}>
                {links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} aria-current={link.url === payload.url ? 'page' : undefined}>
                      {t(`sidenav:${link.name}`)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
