import type { Translate } from '../generator/types.ts';

// Scripts that wait for the visitor's consent (behaviour.md: Consent). The server writes each one
// inert (`type="text/plain"`, its address in `data-consent-src`), so nothing is requested without
// JavaScript or before a choice. It is part of the code the page loads once idle, never of the first
// view, and starts only on a page that carries such a script. The notice and the "Cookie settings"
// button live after the app, outside what React renders, and follow the page's language.

/** The translator of the page shown now: a client navigation may change its language. */
export type TranslatePage = () => Translate;

/** Where the choice is kept: this browser's storage, never sent to the server, which needs it not. */
const STORE = 'site-consent';
/** A choice is asked again after a year. */
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
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
}

/** Each inert script made a real one, once, with its attributes but its address and type. */
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

/** The notice's elements, made once; their texts are set per language. */
function createView(): { root: HTMLElement; notice: HTMLElement; texts: Record<string, HTMLElement> } {
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
  accept.dataset.choice = 'accepted';
  decline.dataset.choice = 'declined';
  const actions = make('div', 'consent__actions');
  actions.append(accept, decline);
  notice.append(title, text, actions);
  root.append(notice, settings);
  return { root, notice, texts: { title, text, accept, decline, settings } };
}

/** The texts in the page's language, again whenever a navigation changes it (`<html lang>`). */
function translate(texts: Record<string, HTMLElement>, toTranslator: TranslatePage): void {
  const t = toTranslator();
  (texts.title as HTMLElement).textContent = t('common:consent.title');
  (texts.text as HTMLElement).textContent = t('common:consent.text');
  (texts.accept as HTMLElement).textContent = t('common:consent.accept');
  (texts.decline as HTMLElement).textContent = t('common:consent.decline');
  (texts.settings as HTMLElement).textContent = t('common:consent.settings');
}

/** Starts on a page with scripts that wait for consent: loads them, or asks first. */
export function startConsent(toTranslator: TranslatePage): void {
  const view = createView();
  translate(view.texts, toTranslator);
  new MutationObserver(() => translate(view.texts, toTranslator)).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });
  document.getElementById('app')?.after(view.root);
  const choice = readChoice();
  if (choice === 'accepted') loadScripts();
  view.notice.hidden = choice !== null;
  view.root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button.classList.contains('consent__settings')) {
      view.notice.hidden = false;
      view.texts.accept?.focus();
      return;
    }
    const chosen = button.dataset.choice as Choice;
    const loaded = document.querySelector('script[data-consent-loaded]') !== null;
    writeChoice(chosen);
    view.notice.hidden = true;
    view.texts.settings?.focus();
    if (chosen === 'accepted') loadScripts();
    // A script once run cannot be taken back: the page starts again without it.
    else if (loaded) location.reload();
  });
}
