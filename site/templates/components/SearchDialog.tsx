import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHit } from '../../../generator/types.ts';
import Icon from './icons.tsx';
import { useSite } from './site.tsx';

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
    state.kind === 'found'
      ? state.hits.length === 0
        ? t('common:search.none', { query: state.query })
        : state.total > state.hits.length
          ? t('common:search.countShown', { count: String(state.total), shown: String(state.hits.length) })
          : t('common:search.count', { count: String(state.total) })
      : state.kind === 'searching'
        ? t('common:search.loading')
        : state.kind === 'failed'
          ? t('common:search.failed')
          : '';

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
            <Icon name="close" />
            <span className="visually-hidden">{t('common:search.close')}</span>
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
              {hit.section ? <span className="search-hit__section">{hit.section}</span> : null}
              <span className="search-hit__title">{hit.title}</span>
              <span className="search-hit__excerpt">
                {hit.excerpt.map((part, j) => (part.mark ? <mark key={j}>{part.text}</mark> : part.text))}
              </span>
            </a>
          ))}
        </div>
        <p className="search-dialog__keys" aria-hidden="true">
          {t('common:search.keys')}
        </p>
      </div>
    </dialog>
  );
}
