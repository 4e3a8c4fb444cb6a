import type { ComponentType } from 'react';
import type {
  AppProps,
  LayoutProps,
  PageControls,
  Payload,
  SiteSearch,
  TemplateProps,
  Translate,
} from '../generator/types.ts';

// What the page shows now, and the code that shows pages: read by the modules that render a page
// (app.tsx), navigate, search or report errors, none of which imports another for it.

/**
 * The code that shows pages: the app shell, the layouts, a loader per template, the search, and
 * the controls as they worked before hydration.
 */
export interface SiteModules {
  readonly App: ComponentType<AppProps>;
  readonly layouts: Readonly<Record<string, ComponentType<LayoutProps>>>;
  readonly pages: Readonly<Record<string, () => Promise<{ default: ComponentType<TemplateProps> }>>>;
  readonly search: SiteSearch;
  readonly controls: PageControls;
}

/** A page as it is rendered: its payload, its template and its texts. */
export interface View {
  readonly payload: Payload;
  readonly Page: ComponentType<TemplateProps>;
  readonly t: Translate;
}

let current: View | null = null;

/** The page rendered last, once the first one is hydrated. */
export function currentView(): View | null {
  return current;
}

export function setCurrentView(view: View): void {
  current = view;
}
