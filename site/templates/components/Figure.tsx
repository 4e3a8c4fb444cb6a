import { toText, type Data } from './data.ts';

/** The page's illustration (front matter `image`, `imageAlt`); the hero image loads first. */
export default function Figure({
  data,
  className = 'page-figure',
  eager = false,
}: {
  data: Data;
  className?: string;
  eager?: boolean;
}) {
  const src = toText(data.image);
  if (!src) return null;
  return (
    <figure className={className}>
      <img
        src={src}
        alt={toText(data.imageAlt) ?? ''}
        width="800"
        height="450"
        loading={eager ? 'eager' : 'lazy'}
        // Decoded off the way of the first paint, the hero too: the text paints without waiting
        // for the illustration to be drawn (a sync decode was a long task in the first view).
        decoding="async"
        // The hero is the largest thing in the first view: fetched before the scripts.
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </figure>
  );
}
