import ContactText from '../components/ContactText.tsx';
import { toRecord, toText } from '../components/data.ts';
import Figure from '../components/Figure.tsx';
import { toCardGrid } from '../components/grid.ts';
import KeyFigures from '../components/KeyFigures.tsx';
import LinkList from '../components/LinkList.tsx';
import Prose from '../components/Prose.tsx';
import { useLocalUrl, useSite } from '../components/site.tsx';
import Unbroken from '../components/Unbroken.tsx';

/** A home-page section with a heading and links to the pages of one navigation menu. */
function MenuSection({ id, section, title, intro }: { id: string; section: string; title?: string; intro?: string }) {
  const { payload, t } = useSite();
  const links = (payload.menus[section] ?? []).filter((l) => l.depth === 0).slice(1);
  if (!title || links.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="home-section__intro">{intro}</p> : null}
      <ul className={`cards cards--compact ${toCardGrid(links.length)}`}>
        {links.map((link) => (
          <li key={link.url} className="card">
            <h3 className="card__title">
              <a href={link.url}>{t(`sidenav:${link.name}`)}</a>
            </h3>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page: hero, key figures, what the company does beside the latest news, customers, contact. */
export default function HomePage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const sections = toRecord(payload.data.sections) ?? {};
  const part = (key: string) => toRecord(sections[key]) ?? {};
  const customers = part('customers');
  const contact = part('contact');
  // The services section's first page, as the navigation links it.
  const services = payload.menus.services?.[0];
  return (
    <article className="page page--home">
      <header className="hero">
        <div>
          <h1 id="page-title" tabIndex={-1}>
            <Unbroken text={payload.title} />
          </h1>
          <p className="hero__lead">{payload.description}</p>
          {contact.link ? (
            <p className="hero__actions">
              <a className="button" href={toUrl('/contact')}>
                {toText(contact.link)}
              </a>
              {services ? (
                <a className="button button--secondary" href={services.url}>
                  {t('nav:services')}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
        <Figure data={payload.data} className="hero__image" eager />
      </header>
      <KeyFigures data={payload.data} />
      {/* On desktops the company's text and the latest news side by side; on phones one after the other. */}
      <div className="home-section home-intro">
        <Prose html={payload.html} />
        {payload.listed.length > 0 ? (
          <section className="home-intro__news" aria-labelledby="home-news-title">
            <h2 id="home-news-title">{t('common:latestNews')}</h2>
            <LinkList links={payload.listed} headingLevel={3} className="cards cards--stack" />
            <p>
              <a className="more-link" href={toUrl('/news')}>
                {t('common:allNews')}
              </a>
            </p>
          </section>
        ) : null}
      </div>
      <MenuSection
        id="home-services"
        section="services"
        title={toText(part('services').title)}
        intro={toText(part('services').intro)}
      />
      <MenuSection
        id="home-strengths"
        section="strengths"
        title={toText(part('strengths').title)}
        intro={toText(part('strengths').intro)}
      />
      {customers.title ? (
        <section className="home-section" aria-labelledby="home-customers-title">
          <h2 id="home-customers-title">{toText(customers.title)}</h2>
          <p className="home-section__intro">{toText(customers.text)}</p>
          <p>
            <a className="more-link" href={toUrl('/customers')}>
              {toText(customers.link)}
            </a>
          </p>
        </section>
      ) : null}
      {contact.title ? (
        <section className="cta" aria-labelledby="home-contact-title">
          <h2 id="home-contact-title">{toText(contact.title)}</h2>
          <p>
            <ContactText text={toText(contact.text)} />
          </p>
          <a className="button" href={toUrl('/contact')}>
            {toText(contact.link)}
          </a>
        </section>
      ) : null}
    </article>
  );
}
