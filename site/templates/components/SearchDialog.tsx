import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHit } from '../../../generator/types.ts';
import Icon from './icons.tsx';
import { useLocalUrl, useSite } from './site.tsx';

/** The sections offered before anything is typed and when nothing matches. */
const QUICK_LINKS = ['services', 'news', 'jobs', 'contact'];

/** The title with the query's words marked (case aside), as text parts. */
function markTitle(title: string, query: string): { text: string; mark: boolean }[] {
  const words = query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const lower = title.toLocaleLowerCase();
  // A title whose lower case is longer (a rare letter) is shown unmarked rather than marked askew.
  if (lower.length !== title.length || words.length === 0) return [{ text: title, mark: false }];
  const marked = Array.from({ length: title.length }, () => false);
  for (const word of words)
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length))
      marked.fill(true, at, at + word.length);
  const parts: { text: string; mark: boolean }[] = [];
  for (let i = 0; i < title.length; i++) {
    const mark = marked[i] ?? false;
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += title[i];
    else parts.push({ text: title[i] as string, mark });
  }
  return parts;
}

type State =
  | { readonly kind: 'empty' }
  | { readonly kind: 'searching' }
  | { readonly kind: 'found'; readonly query: string; readonly total: number; readonly hits: readonly SearchHit[] }
  | { readonly kind: 'failed' };

/**
 * The search dialog (behaviour.md: Search), loaded when it is first opened. It searches the page's
 * locale as the visitor types; the arrow keys choose a result, Enter opens it (a client
 * navigation), Escape closes the dialog. The field is a combobox whose results form a listbox.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const { payload, t, search } = useSite();
  const toUrl = useLocalUrl();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'empty' });
  const [active, setActive] = useState(0);
  const id = useId();
  const resultId = (i: number) => `${id}-result-${i}`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    input.current?.focus();
    return () => element?.close();
  }, []);

  // Results as the visitor types; an answer to an older query is dropped.
  useEffect(() => {
    const text = query.trim();
    if (text === '' || !search) {
      setState({ kind: 'empty' });
      return;
    }
    let current = true;
    setState((last) => (last.kind === 'found' ? last : { kind: 'searching' }));
    search.search(payload.locale, text).then(
      ({ total, hits }) => {
        if (!current) return;
        setState({ kind: 'found', query: text, total, hits });
        setActive(0);
      },
      (error: unknown) => {
        if (!current) return;
        console.warn('Search failed:', error);
        setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [query, search, payload.locale]);

  const hits = state.kind === 'found' ? state.hits : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // One Escape closes the dialog: a search field would spend the first on clearing itself.
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + hits.length) % hits.length;
      setActive(next);
      document.getElementById(resultId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // A click on the link: the runtime renders the page on the client.
      document.getElementById(resultId(active))?.click();
    }
  };

  const status =
    state.kind === 'found' && state.hits.length > 0
      ? state.total > state.hits.length
        ? t('common:search.countShown', { count: String(state.total), shown: String(state.hits.length) })
        : t('common:search.count', { count: state.total })
      : state.kind === 'searching'
        ? t('common:search.loading')
        : state.kind === 'failed'
          ? t('common:search.failed')
          : state.kind === 'found'
            ? t('common:search.none', { query: state.query })
            : '';
  const quick = payload.nav.filter((item) => QUICK_LINKS.includes(item.key));
  const showQuick = hits.length === 0 && state.kind !== 'searching';

  return (
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="search-dialog__panel">
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('common:search.title')}
        </h2>
        <div className="search-dialog__bar" role="search">
          <Icon name="search" />
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {t('common:search.label')}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={hits.length > 0 ? resultId(active) : undefined}
            autoComplete="off"
            enterKeyHint="go"
            spellCheck={false}
            placeholder={t('common:search.prompt')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="search-dialog__close" onClick={onClose}>
            {t('common:search.close')}
          </button>
        </div>
        <p
          className="search-dialog__status"
          role="status"
          data-query={state.kind === 'found' ? state.query : undefined}
        >
          {status}
        </p>
        <div
          id={`${id}-results`}
          className="search-dialog__results"
          role="listbox"
          aria-label={t('common:search.results')}
          hidden={hits.length === 0}
        >
          {hits.map((hit, i) => (
            <a
              key={hit.url}
              id={resultId(i)}
              className="search-hit"
              role="option"
              aria-selected={i === active}
              href={hit.url}
              tabIndex={-1}
              onPointerMove={() => setActive(i)}
            >
              <span className="search-hit__title">
                {markTitle(hit.title, state.kind === 'found' ? state.query : '').map((part, j) =>
                  part.mark ? <mark key={j}>{part.text}</mark> : part.text,
                )}
              </span>
              {hit.section ? <span className="search-hit__section">{hit.section}</span> : null}
              <span className="search-hit__excerpt">
                {hit.excerpt.map((part, j) => (part.mark ? <mark key={j}>{part.text}</mark> : part.text))}
              </span>
            </a>
          ))}
        </div>
        {showQuick && quick.length > 0 ? (
          <nav className="search-dialog__quick" aria-labelledby={`${id}-quick`}>
            <h3 id={`${id}-quick`}>{t('common:search.quickLinks')}</h3>
            <ul>
              {quick.map((item) => (
                <li key={item.key}>
                  <a href={toUrl(item.path)}>
                    <Icon name={item.key} />
                    {t(`nav:${item.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {hits.length > 0 ? (
          <p className="search-dialog__keys" aria-hidden="true">
            <kbd>↑</kbd>
            <kbd>↓</kbd> {t('common:search.keyChoose')} <kbd>Enter</kbd> {t('common:search.keyOpen')} <kbd>Esc</kbd>{' '}
            {t('common:search.keyClose')}
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
