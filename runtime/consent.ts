import type { Translate } from '../generator/types.ts';

// behaviour.md: Consent. The server writes each script inert (`type="text/plain"`,
// `data-consent-src`), so nothing loads before a choice. The notice lives outside React's root.

/** In local storage: the server never needs the choice. */
const STORE = 'site-consent';
const KEPT_MS = 365 * 86_400_000;
type Choice = 'accepted' | 'declined';

function readChoice(): Choice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE) ?? 'null') as { choice?: unknown; at?: unknown } | null;
    if (typeof stored?.at !== 'number' || Date.now() - stored.at > KEPT_MS) return null;
    return stored.choice === 'accepted' || stored.choice === 'declined' ? stored.choice : null;
  } catch {
    return null;
  }
}

function writeChoice(choice: Choice): void {
  try {
    localStorage.setItem(STORE, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Storage refused (private window): the choice holds for this page only.
  }
}

function loadScripts(): void {
  for (const inert of document.querySelectorAll<HTMLScriptElement>('script[data-consent-src]')) {
    if (inert.dataset.consentLoaded) continue;
    inert.dataset.consentLoaded = 'true';
    const script = document.createElement('script');
    for (const { name, value } of inert.attributes)
      if (!['type', 'data-consent-src', 'data-consent-loaded'].includes(name)) script.setAttribute(name, value);
    script.src = inert.dataset.consentSrc ?? '';
    inert.after(script);
  }
}

function createView() {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string) =>
    Object.assign(document.createElement(tag), { className });
  const root = make('div', 'consent');
  const notice = make('section', 'consent__notice');
  notice.setAttribute('aria-labelledby', 'consent-title');
  notice.hidden = true;
  const title = Object.assign(make('h2', 'consent__title'), { id: 'consent-title' });
  const text = make('p', 'consent__text');
  const accept = Object.assign(make('button', 'consent__button'), { type: 'button' });
  const decline = Object.assign(make('button', 'consent__button consent__button--plain'), { type: 'button' });
  const settings = Object.assign(make('button', 'consent__settings'), { type: 'button' });
  const actions = make('div', 'consent__actions');
  actions.append(accept, decline);
  notice.append(title, text, actions);
  root.append(notice, settings);
  return { root, notice, title, text, accept, decline, settings };
}

/** `toTranslator` is a getter: client navigation may change the language. */
export function startConsent(toTranslator: () => Translate): void {
  const view = createView();
  const translate = () => {
    const t = toTranslator();
    // Each key written out: `site check` finds the keys the runtime reads by their literals.
    view.title.textContent = t('common:consent.title');
    view.text.textContent = t('common:consent.text');
    view.accept.textContent = t('common:consent.accept');
    view.decline.textContent = t('common:consent.decline');
    view.settings.textContent = t('common:consent.settings');
  };
  translate();
  new MutationObserver(translate).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  document.getElementById('app')?.after(view.root);
  const choice = readChoice();
  if (choice === 'accepted') loadScripts();
  view.notice.hidden = choice !== null;
  view.root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button === view.settings) {
      view.notice.hidden = false;
      view.accept.focus();
      return;
    }
    const chosen: Choice = button === view.accept ? 'accepted' : 'declined';
    const loaded = document.querySelector('script[data-consent-loaded]') !== null;
    writeChoice(chosen);
    view.notice.hidden = true;
    view.settings.focus();
    if (chosen === 'accepted') loadScripts();
    // A script once run cannot be taken back: the page starts again without it.
    else if (loaded) location.reload();
  });
}
