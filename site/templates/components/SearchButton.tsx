import { useEffect, useRef, useState, type Ref } from 'react';
import Icon from './icons.tsx';
import { useSite } from './site.tsx';

/**
 * The search control (behaviour.md: Search). Without JavaScript it is a link to the footer's site
 * map, which reaches every section; before the page is hydrated a click on it (`data-search`) asks
 * for the app and the search opens once it is there (behaviour.md: Controls before hydration); in
 * the hydrated page it is a button that opens the search dialog, and a hover or focus on it starts
 * loading the search.
 */
export default function SearchButton({
  className,
  iconOnly = false,
  onOpen,
  onPrepare,
  buttonRef,
}: {
  className: string;
  /** The label is read by screen readers only (the header's icon button). */
  iconOnly?: boolean;
  onOpen: () => void;
  onPrepare: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t, search } = useSite();
  const [shown, setShown] = useState<'link' | 'button' | 'focused button'>('link');
  const link = useRef<HTMLAnchorElement>(null);
  // The link the page was hydrated with becomes a button: one that had focus passes it on.
  useEffect(() => {
    const focused = link.current !== null && link.current === document.activeElement;
    setShown(search === null ? 'link' : focused ? 'focused button' : 'button');
  }, [search]);
  const label = <span className={iconOnly ? 'visually-hidden' : undefined}>{t('common:search.open')}</span>;
  if (shown === 'link')
    return (
      <a ref={link} className={`search-button ${className}`} href="#footer-sitemap" data-search="">
        <Icon name="search" />
        {label}
      </a>
    );
  return (
    <button
      ref={buttonRef}
      autoFocus={shown === 'focused button'}
      type="button"
      className={`search-button ${className}`}
      aria-haspopup="dialog"
      aria-keyshortcuts="/ Control+K Meta+K"
      onClick={onOpen}
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
    >
      <Icon name="search" />
      {label}
    </button>
  );
}
