import { requirePackage } from '../node-module.ts';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type { Reuse } from '../types.ts';

const { createElement, Fragment } = requirePackage('react') as typeof ReactModule;
const { renderToString } = requirePackage('react-dom/server') as typeof ReactDomServer;

// Markup rendered once (behaviour.md: Presentation): a template marks a part that is the same on
// many pages (`<Reused id=…>`, the footer of a locale, the rail of a section) with an id naming
// everything the part depends on. The first page renders it; every other page with that id gets
// its root element with the same attributes and the children's markup as they were rendered, which
// is the markup the part renders in place (React writes a parent's children the same, whatever the
// parent). The browser renders the part itself and hydrates it like any other.

interface Rendered {
  readonly type: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly html: string;
}

/**
 * One build's (one thread's) reused markup. With `verify`, each part is rendered on every page too
 * and must give the markup kept under its id: the tests build the site that way, so an id that
 * leaves out something its part depends on fails the build at the template.
 */
export function createReuse(verify = process.env.SITE_VERIFY_REUSE === '1'): Reuse {
  const kept = new Map<string, Rendered>();
  return (id, render, provide) => {
    let part = kept.get(id);
    if (!part || verify) {
      const element = render();
      if (typeof element.type !== 'string')
        throw new Error(`the part reused as \`${id}\` must be one HTML element, not a component`);
      const { children, ...props } = element.props as { children?: ReactModule.ReactNode };
      const html = renderToString(provide(createElement(Fragment, null, children)));
      if (part && part.html !== html)
        throw new Error(
          `the part reused as \`${id}\` renders otherwise on this page: its id must name everything the part shows`,
        );
      part ??= { type: element.type, props, html };
      kept.set(id, part);
    }
    return createElement(part.type, { ...part.props, dangerouslySetInnerHTML: { __html: part.html } });
  };
}
