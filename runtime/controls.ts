import type { ControlsState, PageControls } from '../generator/types.ts';

// Controls that work before hydration (behaviour.md: Controls before hydration). Templates mark:
//   `data-opens="<id>"`  opens that dialog (its `data-modal` box); focus trapped; Escape or `data-closes` closes
//   `data-toggles`       opens and closes its parent (`data-open`), one at a time
//   `data-search`        opens the search once the app is there (so do `/` and Ctrl-K / ⌘K)
//   `data-needs-app`     its click is replayed once the app is there
// Each also asks for the app; once hydrated, the app takes them over as they stand.

const CONTROL = '[data-opens],[data-closes],[data-toggles],[data-search],[data-needs-app]';
const FOCUSABLE = 'a[href], button';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isSearchKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey) return false;
  if (event.key === 'k' || event.key === 'K') return (event.ctrlKey || event.metaKey) && !event.shiftKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

function trapTab(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (event.shiftKey ? at === first || !dialog.contains(at) : at === last || !dialog.contains(at)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

function setMenu(toggle: Element, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  toggle.parentElement?.toggleAttribute('data-open', open);
}

/** `needApp` loads the app (once) and says whether it is coming: false once it failed. */
export function startControls(needApp: () => boolean): PageControls {
  let open: { readonly box: HTMLElement; readonly dialog: HTMLElement; readonly opener: HTMLElement } | null = null;
  let menu: Element | null = null;
  let search = false;
  let held: HTMLElement | null = null;

  const close = () => {
    if (!open) return;
    open.box.hidden = true;
    open.box.removeAttribute('data-open');
    open.opener.setAttribute('aria-expanded', 'false');
    open.opener.focus();
    open = null;
  };
  const show = (opener: HTMLElement) => {
    const dialog = document.getElementById(opener.dataset.opens ?? '');
    if (!dialog) return;
    const box = dialog.closest<HTMLElement>('[data-modal]') ?? dialog;
    box.hidden = false;
    box.setAttribute('data-open', '');
    opener.setAttribute('aria-expanded', 'true');
    open = { box, dialog, opener };
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };
  const toggleMenu = (toggle: Element) => {
    const opening = menu !== toggle;
    if (menu) setMenu(menu, false);
    menu = opening ? toggle : null;
    if (opening) setMenu(toggle, true);
  };

  const leave = (event: Event) => {
    const target = event.target as Node | null;
    if (menu && target && !menu.parentElement?.contains(target)) toggleMenu(menu);
  };

  const onClick = (event: MouseEvent) => {
    leave(event);
    const control = (event.target as Element | null)?.closest?.<HTMLElement>(CONTROL);
    if (!control || event.button !== 0) return;
    const coming = needApp();
    const { opens, closes, toggles } = control.dataset;
    if (opens !== undefined) show(control);
    else if (closes !== undefined) close();
    else if (toggles !== undefined) toggleMenu(control);
    // Without the app, the search control is the link it is without JavaScript.
    else if (!coming) return;
    else if (control.dataset.search !== undefined) search = true;
    else held = control;
    // The app's handlers, attached while it hydrates, must not act on this click again.
    event.preventDefault();
    event.stopPropagation();
  };
  const onKey = (event: KeyboardEvent) => {
    const inside = (e: Element | null) => !!e && e.contains(event.target as Node);
    if (open && inside(open.box) && (event.key === 'Escape' || event.key === 'Tab')) {
      if (event.key === 'Escape') close();
      else trapTab(open.dialog, event);
      if (event.key === 'Escape') event.preventDefault();
      event.stopPropagation();
    } else if (menu && event.key === 'Escape' && inside(menu.parentElement)) {
      const toggle = menu as HTMLElement;
      toggleMenu(menu);
      toggle.focus();
      event.stopPropagation();
    } else if (isSearchKey(event) && document.querySelector('[data-search]') && needApp()) {
      event.preventDefault();
      search = true;
    }
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', leave, true);

  return {
    takeOver(): ControlsState {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', leave, true);
      const state = { dialog: open?.dialog.id ?? null, menu: menu?.getAttribute('aria-controls') ?? null, search };
      open = null;
      menu = null;
      search = false;
      const click = held;
      held = null;
      if (click?.isConnected) click.click();
      return state;
    },
  };
}
