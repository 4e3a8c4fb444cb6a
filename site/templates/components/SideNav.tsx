import { Phrases, useSite } from './site.tsx';

/**
 * The section's name and its pages' links, in order; labels from the `sidenav` namespace. Only a
 * section page (`section` layout) has them to look up.
 */
function useSection() {
  const { payload, t } = useSite();
  const section = payload.path.split('/')[1] ?? '';
  const pages = payload.layout === 'section' ? payload.sectionPages : [];
  const heading = pages.length > 0 ? t(`sidenav:${section}`) : '';
  // The section's page at the top (`/jobs`) shares its key with the section's name: its title
  // tells it from the section's overview.
  const links = pages.map((link) => ({
    ...link,
    label: link.name === section ? link.title : t(`sidenav:${link.name}`),
  }));
  return { heading, links, label: t('sidenav:label', { section: heading }), current: payload.url };
}

/** The list of the section's pages, the current one marked. */
function SectionLinks({ links, current }: Pick<ReturnType<typeof useSection>, 'links' | 'current'>) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.url} className={link.depth > 0 ? 'side-nav__item--nested' : undefined}>
          <a href={link.url} aria-current={link.url === current ? 'page' : undefined}>
            <Phrases text={link.label} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The section's pages beside the content on desktops (behaviour.md: Section pages).
 */
export default function SideNav() {
  const { heading, links, label, current } = useSection();
  if (links.length === 0) return null;
  return (
    <nav className="side-nav" aria-label={label}>
      <p className="side-nav__heading">{heading}</p>
      <SectionLinks links={links} current={current} />
    </nav>
  );
}

/**
 * Under a section page's heading on phones and tablets: the same pages folded in a disclosure that
 * opens without JavaScript (`details`), its summary naming the section and the page shown.
 */
export function SectionMenu() {
  const { heading, links, current } = useSection();
  if (links.length === 0) return null;
  const here = links.find((link) => link.url === current)?.label;
  return (
    // Named by its section alone: the side navigation's landmark has the longer name (each unique).
    <nav className="section-menu" aria-labelledby="section-menu-title">
      <details>
        <summary>
          <span id="section-menu-title" className="section-menu__section">
            {heading}
          </span>
          {here ? (
            <span className="section-menu__current">
              <Phrases text={here} />
            </span>
          ) : null}
        </summary>
        <SectionLinks links={links} current={current} />
      </details>
    </nav>
  );
}
