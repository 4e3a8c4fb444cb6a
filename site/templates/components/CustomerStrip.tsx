import type { ReactNode } from 'react';
import { toList, toRecord, toText, type Data } from './data.ts';
import SectionHead from './SectionHead.tsx';
import { Phrases, useLocalUrl } from './site.tsx';

/**
 * Some of the airlines the company works for, named in the page's `customers` block (a title, the
 * names with their regions and marks, the link to the customers page): the proof an airline looks
 * for beside the services. Fictional airlines have no logos to show: each name stands on a tile
 * beside a tail fin in its livery, an emblem of its own on it (`mark`), so that no two airlines
 * look alike. A section of its own, headed like the others with its link at the end of the line.
 */
export default function CustomerStrip({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const block = toRecord(data.customers) ?? {};
  const items = toList(block.items);
  if (items.length === 0) return null;
  return (
    <section className="home-section customer-strip page-wide" aria-labelledby="customer-strip-title">
      <SectionHead
        id="customer-strip-title"
        title={<Phrases text={toText(block.title) ?? ''} />}
        href={block.href ? toUrl(toText(block.href) ?? '/customers') : null}
        link={toText(block.link)}
      />
      <ul className="customer-strip__list">
        {items.map((item, i) => (
          <li key={i} className="customer-strip__airline">
            <TailFin mark={toText(item.mark)} />
            <span className="trust__code">
              <Phrases text={toText(item.name) ?? ''} />
            </span>
            <span className="trust__label">
              <Phrases text={toText(item.region) ?? ''} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// White lines on the fin's colour, round-ended so that they stay whole at 1×.
const LINE = { fill: 'none', stroke: '#fff', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/**
 * The emblems, by the `mark` of the front matter: white shapes unlike one another, since the fins'
 * colours alone do not tell the airlines apart for everyone. Each is drawn about 12 units across
 * around 36,11, then set into the fin's middle (`TailFin`); its fin's colour is in home.css.
 */
const MARKS: Readonly<Record<string, ReactNode>> = {
  // A sky arc over a harbour's waves.
  harbor: (
    <>
      <path d="M31.5 11.5a4.5 4.5 0 0 1 9 0" {...LINE} strokeWidth="1.8" />
      <path d="M29.8 15.3c1-1.1 2-1.1 3 0s2 1.1 3 0 2-1.1 3 0 2 1.1 3 0" {...LINE} strokeWidth="1.6" />
    </>
  ),
  // Three petals over the water line.
  lotus: (
    <>
      <path d="M36 5.2c1.9 2.3 1.9 6.9 0 9.6-1.9-2.7-1.9-7.3 0-9.6z" fill="#fff" />
      <path
        d="M30.4 9.2c2.9-.1 5.1 2.3 5.4 5.6-3 .3-5.4-2.1-5.4-5.6zm11.2 0c-2.9-.1-5.1 2.3-5.4 5.6 3 .3 5.4-2.1 5.4-5.6z"
        fill="#fff"
      />
      <path d="M31.6 16.8h8.8" {...LINE} strokeWidth="1.4" />
    </>
  ),
  // Two mountain ridges, one behind the other, as a fjord's sides rise.
  fjord: <path d="m31 10.2 5-4.4 5 4.4M31 15l5-4.4 5 4.4" {...LINE} strokeWidth="1.9" />,
  // A redwood: two tiers of branches on its trunk.
  redwood: <path d="m36 4.6 3.9 5h-1.8l3 4.4h-3.4v3h-3.4v-3h-3.4l3-4.4h-1.8z" fill="#fff" />,
  // A crane in flight towards the nose: its long neck and legs, one wing raised.
  crane: (
    <>
      <ellipse cx="35.8" cy="12.1" rx="3.1" ry="1.5" transform="rotate(12 35.8 12.1)" fill="#fff" />
      <path d="M33.4 11.5 29 10.2m9.5 2.8 3 1" {...LINE} strokeWidth="1.2" />
      <circle cx="28.8" cy="10.1" r="1.1" fill="#fff" />
      <path d="M28 10.3 26.1 11.1" {...LINE} strokeWidth=".9" />
      <path d="M33.6 11.6c.3-3.6 2.2-6.4 5.6-8.2.1 3-.6 6-1.8 8.6z" fill="#fff" />
    </>
  ),
};

/**
 * An aircraft's tail over its fuselage, the fin as large as the tile allows so that its emblem
 * reads at 1×, a fifth larger than drawn. Without a known `mark` a plain stripe crosses it: a
 * list written without marks still shows each airline a fin.
 */
function TailFin({ mark }: { mark: string | undefined }) {
  const known = mark !== undefined && Object.hasOwn(MARKS, mark);
  return (
    <svg
      className={`customer-strip__fin customer-strip__fin--${known ? mark : 'plain'}`}
      viewBox="0 0 48 32"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M0 23h32l15-2.5v2.5l-12 8H0z" fill="#e3e9f0" stroke="#c5d0dc" />
      <path d="M12 24 31 1h9.5l3 21z" fill="currentColor" />
      {known ? (
        <g transform="translate(-8.6 -1.2) scale(1.2)">{MARKS[mark]}</g>
      ) : (
        <path d="M20.7 13.5 24 9.5h17.7l.6 4z" fill="#fff" opacity=".85" />
      )}
    </svg>
  );
}
