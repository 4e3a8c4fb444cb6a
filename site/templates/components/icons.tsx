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
  'chart',
  'shield',
  'gift',
  'bus',
  'bed',
  'cup',
  'cap',
  'ticket',
  'clock',
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

/**
 * The logotype of a page's locale (behaviour.md: Presentation): the mark and the name in both scripts,
 * drawn as shapes, the page's own script first: 雲翔航勤 over CLOUDWING on Chinese pages, CLOUDWING
 * over 雲翔航勤 on English ones. `reversed` is its colours for the footer's navy.
 */
export function toLogotype(locale: string, reversed = false): { src: string; width: number } {
  const english = !locale.startsWith('zh');
  return { src: `/logotype${english ? '-en' : ''}${reversed ? '-reversed' : ''}.svg`, width: english ? 170 : 158 };
}
