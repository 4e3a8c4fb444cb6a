import { requirePackage } from '../node-module.ts';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type { Reuse } from '../types.ts';

const { createElement, Fragment } = requirePackage('react') as typeof ReactModule;
const { renderToString } = requirePackage('react-dom/server') as typeof ReactDomServer;

// Markup rendered once (behaviour.md: Presentation): a part marked `<Reused id=…>`, the id naming
// all it depends on, is rendered by the first page; the others get its root element with the
// children's markup as it was rendered. The browser renders and hydrates it as any other.

interface Rendered {
  readonly type: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly html: string;
}

/** One thread's reused markup. `verify` (the tests) renders each part on every page too: an incomplete id fails. */
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
