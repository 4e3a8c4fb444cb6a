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

// Its own module so that rendering, navigation, search and errors need not import each other.

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

let current: View | null = null;

export function currentView(): View | null {
  return current;
}

export function setCurrentView(view: View): void {
  current = view;
}
