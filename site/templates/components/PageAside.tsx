import { useLocalUrl, useSite } from './site.tsx';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The `h2` headings of the rendered Markdown body: their ids and their text. */
export function toSections(html: string): { id: string; text: string }[] {
  return [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map(([, id = '', inner = '']) => ({
    id,
    text: inner.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e),
  }));
}

/**
 * Beside the text of a one-column page on wide screens: the page's sections, and the way to
 * reach the company. Below the desktop breakpoint it follows the text. A plain block, not an
 * `aside` landmark: it sits inside `main`.
 */
export default function PageAside() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const sections = toSections(payload.html);
  return (
    <div className="page-aside">
      {sections.length >= 2 ? (
        <nav className="page-aside__toc" aria-labelledby="page-aside-toc">
          <h2 id="page-aside-toc" className="page-aside__heading">
            {t('common:onThisPage')}
          </h2>
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {payload.path === '/contact' ? null : (
        <section className="page-aside__contact" aria-labelledby="page-aside-contact">
          <h2 id="page-aside-contact" className="page-aside__heading">
            {t('common:asideContactTitle')}
          </h2>
          <p>{t('common:asideContactText')}</p>
          <a className="button" href={toUrl('/contact')}>
            {t('common:asideContactLink')}
          </a>
        </section>
      )}
    </div>
  );
}
