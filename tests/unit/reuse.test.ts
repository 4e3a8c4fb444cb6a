import { createContext, createElement as h, useContext, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createReuse } from '../../generator/render/reuse.ts';
import type { Reuse } from '../../generator/types.ts';

// A page in miniature: a context, a part that reads it, text beside elements (React separates
// adjacent texts with comments), attributes React renames, and a part reused under an id.
const Label = createContext('');

function Part({ reuse, id, mark }: { reuse: Reuse | null; id: string; mark: string }): ReactNode {
  const render = (): ReactElement =>
    h(
      'nav',
      { className: 'rail', 'aria-label': 'Quick', onClick: () => undefined },
      h(LabelText),
      ' ',
      mark,
      h('a', { href: '/x?a=1&b=<2>', htmlFor: undefined, tabIndex: 0 }, 'A & B'),
      h('svg', { viewBox: '0 0 1 1' }, h('use', { xlinkHref: '#icon' })),
    );
  const label = useContext(Label);
  return reuse ? reuse(id, render, (children) => h(Label.Provider, { value: label }, children)) : render();
}

function LabelText(): ReactNode {
  return useContext(Label);
}

function page(reuse: Reuse | null, id: string, mark: string, label = 'Menu'): string {
  return renderToString(
    h(Label.Provider, { value: label }, h('div', null, 'before', h(Part, { reuse, id, mark }), 'after')),
  );
}

describe('markup rendered once', () => {
  it('is the markup of the part rendered in place, on the first page and on every page after', () => {
    const reuse = createReuse(false);
    const inPlace = page(null, 'rail|zh', 'here');
    expect(page(reuse, 'rail|zh', 'here')).toBe(inPlace);
    expect(page(reuse, 'rail|zh', 'here')).toBe(inPlace);
    expect(inPlace).toContain('Menu<!-- --> <!-- -->here');
  });

  it('keeps what the id names: a page that shows otherwise under the same id gets the kept markup', () => {
    const reuse = createReuse(false);
    page(reuse, 'rail|zh', 'here');
    expect(page(reuse, 'rail|zh', 'there')).toBe(page(null, 'rail|zh', 'here'));
    expect(page(reuse, 'rail|en', 'there')).toBe(page(null, 'rail|en', 'there'));
  });

  it('verified, fails where a part renders otherwise than the markup kept under its id', () => {
    const reuse = createReuse(true);
    page(reuse, 'rail|zh', 'here');
    expect(page(reuse, 'rail|zh', 'here')).toBe(page(null, 'rail|zh', 'here'));
    expect(() => page(reuse, 'rail|zh', 'there')).toThrow(/`rail\|zh` renders otherwise on this page/);
    // What the part reads from a context counts too.
    expect(() => page(reuse, 'rail|zh', 'here', 'Menü')).toThrow(/renders otherwise/);
  });

  it('takes one HTML element, not a component', () => {
    const reuse = createReuse(false);
    expect(() =>
      renderToString(
        h(() =>
          reuse(
            'x',
            () => h(LabelText),
            (children) => h('div', null, children),
          ),
        ),
      ),
    ).toThrow(/must be one HTML element/);
  });
});
