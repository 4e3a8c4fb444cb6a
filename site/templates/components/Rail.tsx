import { toIconClass } from './icons.tsx';
import { isInSection, toMarks, useLocalUrl, useReused, useSite } from './site.tsx';

/**
 * The navigation rail on tablets (behaviour.md: Constants): every main section as an icon with its
 * label below it; the section of the current page is marked on every page of the section.
 */
export default function Rail() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const items = payload.nav.map((item) => ({
    item,
    here: payload.path === item.path,
    inSection: isInSection(item, payload.path),
  }));
  // The same on every page of a locale that marks the same entries: rendered once.
  return useReused(`rail|${payload.locale}|${toMarks(items)}`, () => (
    <nav className="rail" aria-label={t('nav:quickNavigation')}>
      <ul>
        {items.map(({ item, here, inSection }) => (
          <li key={item.key}>
            {/* The icon is drawn before the label (icons.css): one element per entry. */}
            <a
              href={toUrl(item.path)}
              aria-current={here ? 'page' : undefined}
              className={`with-icon ${toIconClass(item.key)}${inSection ? ' is-active' : ''}`.trimEnd()}
            >
              {t(`nav:${item.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  ));
}
