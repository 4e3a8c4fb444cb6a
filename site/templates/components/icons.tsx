/** The icons there are (drawn in icons.css); an unknown name shows the home icon. */
const NAMES = new Set([
  'home',
  'about',
  'services',
  'strengths',
  'news',
  'customers',
  'jobs',
  'procurement',
  'contact',
  'menu',
  'close',
  'chevron',
  'search',
]);

/** The class that picks an icon (`icon--news`); none for the home icon, which is the default. */
export function toIconClass(name: string): string {
  return NAMES.has(name) && name !== 'home' ? `icon--${name}` : '';
}

/** A navigation or control icon, 24×24 in the current text colour; decorative (labels are text). */
export default function Icon({ name }: { name: string }) {
  // An empty element: screen readers have nothing to read, and nothing to hide.
  return <span className={`icon ${toIconClass(name)}`.trimEnd()} />;
}
