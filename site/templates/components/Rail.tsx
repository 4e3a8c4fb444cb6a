import { toIconClass } from './icons.tsx';
import { isInSection, useLocalUrl, useSite } from './site.tsx';

/**
 * The navigation rail on tablets (behaviour.md: Constants): every main section as an icon with its
 * label below it; the section of the current page is marked on every page of the section.
 */
export default function Rail() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  return (
    <nav className="rail" aria-label={t('nav:quickNavigation')}>
      <ul>
        {payload.nav.map((item) => {
          const here = payload.path === item.path;
          const inSection = isInSection(item, payload.path);
          return (
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
          );
        })}
      </ul>
    </nav>
  );
}
