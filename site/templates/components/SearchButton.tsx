import { useEffect, useState, type Ref } from 'react';
import Icon from './icons.tsx';
import { useSite } from './site.tsx';

/**
 * The search control (behaviour.md: Search). Without JavaScript, and until the page is hydrated, it
 * is a link to the footer's site map, which reaches every section; in the browser it is a button
 * that opens the search dialog, and a hover or focus on it starts loading the search.
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
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(search !== null), [search]);
  const label = <span className={iconOnly ? 'visually-hidden' : undefined}>{t('common:search.open')}</span>;
  if (!interactive)
    return (
      <a className={`search-button ${className}`} href="#footer-sitemap">
        <Icon name="search" />
        {label}
      </a>
    );
  return (
    <button
      ref={buttonRef}
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
