import { Phrases, useSite } from './site.tsx';

/**
 * The section's pages, in order; labels from the `sidenav` namespace (behaviour.md: Section pages).
 */
export default function SideNav() {
  const { payload, t } = useSite();
  if (payload.sectionPages.length === 0) return null;
  const section = payload.path.split('/')[1] ?? '';
  const heading = t(`sidenav:${section}`);
  return (
    <nav className="side-nav" aria-label={t('sidenav:label', { section: heading })}>
      <p className="side-nav__heading">{heading}</p>
      <ul>
        {payload.sectionPages.map((link) => (
          <li key={link.url} className={link.depth > 0 ? 'side-nav__item--nested' : undefined}>
            <a href={link.url} aria-current={link.url === payload.url ? 'page' : undefined}>
              <Phrases text={t(`sidenav:${link.name}`)} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
