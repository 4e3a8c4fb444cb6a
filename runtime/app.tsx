import { Component, startTransition, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import type {
  AppProps,
  LayoutProps,
  PageControls,
  Payload,
  SiteSearch,
  TemplateProps,
  Translate,
} from '../generator/types.ts';
import { updateHead } from './head.ts';
import { phraseBreaks, shownTie } from './phrases.ts';

export interface SiteModules {
  readonly App: ComponentType<AppProps>;
  readonly layouts: Readonly<Record<string, ComponentType<LayoutProps>>>;
  readonly search: SiteSearch;
  readonly controls: PageControls;
}

export interface View {
  readonly payload: Payload;
  readonly Page: ComponentType<TemplateProps>;
  readonly t: Translate;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    epoch += 1;
    onRenderError(error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

let root: Root | null = null;
let current: View | null = null;
// Set at hydration: every page after renders with the same app, layouts, search and controls.
let modules: SiteModules;
// Bumped after a rendering error, so that the next render starts with a fresh boundary.
let epoch = 0;
let onRenderError: (error: unknown) => void = () => undefined;

/** The page rendered last, for navigation, search and the error pages. */
export function currentView(): View | null {
  return current;
}

function toElement(view: View) {
  const Layout = modules.layouts[view.payload.layout] ?? (modules.layouts.fallback as ComponentType<LayoutProps>);
  return (
    <Boundary key={epoch}>
      <modules.App
        payload={view.payload}
        t={view.t}
        Page={view.Page}
        Layout={Layout}
        search={modules.search}
        controls={modules.controls}
        breaks={phraseBreaks}
        ties={shownTie}
      />
    </Boundary>
  );
}

/** `onError` handles every later rendering error too. */
export function hydrate(container: Element, app: SiteModules, view: View, onError: (error: unknown) => void): void {
  modules = app;
  onRenderError = onError;
  current = view;
  // A transition hydrates in slices, so a phone stays responsive to input.
  startTransition(() => {
    root = hydrateRoot(container, toElement(view));
  });
}

/** Synchronous, so the caller can move focus after; the head follows the page. */
export function renderView(view: View): void {
  if (!root) throw new Error('the page is not hydrated');
  current = view;
  flushSync(() => (root as Root).render(toElement(view)));
  updateHead(view.payload);
}

export function unmount(): void {
  root?.unmount();
  root = null;
}
