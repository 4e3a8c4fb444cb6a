import ContactText from '../components/ContactText.tsx';
import CustomerStrip from '../components/CustomerStrip.tsx';
import { toList, toRecord, toText, type Data } from '../components/data.ts';
import { ContactDetails } from '../components/ContactBlock.tsx';
import Icon from '../components/icons.tsx';
import KeyFigures from '../components/KeyFigures.tsx';
import LinkList from '../components/LinkList.tsx';
import SectionHead from '../components/SectionHead.tsx';
import { Phrases, useLocalUrl, useSite } from '../components/site.tsx';
import Unbroken from '../components/Unbroken.tsx';

/**
 * The home page, in the order a visitor decides: the illustrated hero with the claim and the two
 * actions (a handling proposal, a position), a way in for each audience, the figures, six
 * services with their scenes, some of the airlines served and one's case study, the newest
 * stories, and the call to contact.
 */
export default function HomePage() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const data = payload.data;
  const closing = toRecord(data.closing) ?? {};
  return (
    <article className="page page--home">
      <Hero data={data} />
      <Trust data={toRecord(data.trust) ?? {}} />
      <Audiences data={toRecord(data.audiences) ?? {}} />
      <KeyFigures data={data} />
      <Services data={toRecord(data.services) ?? {}} />
      <CustomerStrip data={data} />
      <CaseStudy data={toRecord(data.caseStudy) ?? {}} />
      {payload.listed.length > 0 ? (
        <section className="home-section" aria-labelledby="home-news-title">
          <SectionHead
            id="home-news-title"
            title={t('common:latestNews')}
            href={toUrl('/news')}
            link={t('common:allNews')}
          />
          <LinkList links={payload.listed} headingLevel={3} className="cards cards--home-news" thumbnails />
        </section>
      ) : null}
      <Closing data={closing} />
    </article>
  );
}

/** The call to contact: the sales team's question and action, its address, number and hours beside them. */
function Closing({ data }: { data: Data }) {
  const { payload } = useSite();
  const toUrl = useLocalUrl();
  const sales = payload.contacts.find((contact) => contact.key === 'service');
  if (!data.title) return null;
  return (
    <section className="cta" aria-labelledby="home-contact-title">
      <div className="cta__text">
        <h2 id="home-contact-title">
          <Phrases text={toText(data.title) ?? ''} />
        </h2>
        <p>
          <ContactText whole text={toText(data.text) ?? ''} />
        </p>
        <a className="button" href={toUrl('/contact')}>
          {toText(data.link)}
        </a>
      </div>
      {sales ? <ContactDetails contact={sales} hours className="cta__facts" /> : null}
    </section>
  );
}

/** The first screen: the claim, the lead, the two actions, over the apron scene. */
function Hero({ data }: { data: Data }) {
  const { payload } = useSite();
  const toUrl = useLocalUrl();
  const actions = toRecord(data.actions) ?? {};
  const action = (key: string) => toRecord(actions[key]) ?? {};
  const src = toText(data.image);
  const phoneSrc = toText(data.phoneImage);
  return (
    <header className="hero">
      <div className="hero__text">
        <h1 id="page-title" tabIndex={-1}>
          <Unbroken text={payload.title} />
        </h1>
        <p className="hero__lead">
          <Phrases text={payload.description ?? ''} />
        </p>
        <p className="hero__actions">
          {/* The proposal request in the one style it has in the header, the asides and the form. */}
          {(['proposal', 'join'] as const).map((key) =>
            action(key).href ? (
              <a
                key={key}
                className={key === 'proposal' ? 'button' : 'button button--secondary'}
                href={toUrl(toText(action(key).href) ?? '/')}
              >
                {toText(action(key).label)}
              </a>
            ) : null,
          )}
        </p>
      </div>
      {src ? (
        <div className="hero__art">
          {/* The largest thing in the first view: fetched before the scripts, decoded off the
              way of the first paint. */}
          <picture>
            {/* Phones get the scene composed for their width: the people and vehicles at a
                size that reads, not a thin strip of the wide scene. */}
            {phoneSrc ? <source media="(max-width: 37.49rem)" srcSet={phoneSrc} width="750" height="600" /> : null}
            <img
              src={src}
              alt={toText(data.imageAlt) ?? ''}
              width="1600"
              height="800"
              decoding="async"
              fetchPriority="high"
            />
          </picture>
        </div>
      ) : null}
    </header>
  );
}

/**
 * Under the hero, the proof an airline looks for first: the licence and the certificates as text
 * badges (no marks of the bodies that issue them), each code whole, and the way to their numbers
 * and validity on the certification page.
 */
function Trust({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const items = toList(data.items);
  if (items.length === 0) return null;
  return (
    <section className="trust" aria-labelledby="home-trust-title">
      <h2 id="home-trust-title" className="trust__title">
        {toText(data.title)}
      </h2>
      <ul className="trust__list">
        {items.map((item, i) => (
          <li key={i} className="trust__badge">
            <span className="trust__code nowrap">{toText(item.code)}</span>
            <span className="trust__label">
              <Phrases text={toText(item.label) ?? ''} />
            </span>
          </li>
        ))}
      </ul>
      <a className="trust__link more-link" href={toUrl(toText(data.href) ?? '/')}>
        {toText(data.link)}
      </a>
    </section>
  );
}

/**
 * One way in for each audience: airlines, job seekers, suppliers, investors, the press; each marked
 * with its own icon (`icon`: the airlines' aircraft, the investors' chart) or that of the section its
 * link leads to, as the menus show it.
 */
function Audiences({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const items = toList(data.items);
  if (items.length === 0) return null;
  return (
    <section className="home-section audiences" aria-labelledby="home-audiences-title">
      <h2 id="home-audiences-title" className="audiences__title">
        {toText(data.title)}
      </h2>
      <ul className="audiences__list">
        {items.map((item, i) => (
          <li key={i} className="audience">
            <h3 className="audience__who">
              <span className="audience__icon icon-badge">
                <Icon name={toText(item.icon) ?? toText(item.href)?.split('/')[1] ?? ''} />
              </span>
              {toText(item.who)}
            </h3>
            <p className="audience__text">
              <Phrases running text={toText(item.text) ?? ''} />
            </p>
            <a className="audience__link" href={toUrl(toText(item.href) ?? '/')}>
              {toText(item.link)}
              <span aria-hidden="true">{'\u00a0→'}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The services as tiles, each with its scene (decorative beside its title). */
function Services({ data }: { data: Data }) {
  const toUrl = useLocalUrl();
  const items = toList(data.items);
  if (items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-services-title">
      <SectionHead
        id="home-services-title"
        title={<Phrases text={toText(data.title) ?? ''} />}
        href={data.href ? toUrl(toText(data.href) ?? '/') : null}
        link={toText(data.link)}
      />
      {data.intro ? (
        <p className="home-section__intro">
          <Phrases running text={toText(data.intro) ?? ''} />
        </p>
      ) : null}
      <ul className="service-tiles">
        {items.map((item, i) => (
          <li key={i} className="service-tile">
            {item.image ? (
              <img
                className="service-tile__image"
                src={toText(item.image)}
                alt=""
                width="800"
                height="450"
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <h3 className="service-tile__title">
              <a href={toUrl(toText(item.href) ?? '/')}>
                <Phrases text={toText(item.title) ?? ''} />
              </a>
            </h3>
            <p className="service-tile__text">
              <Phrases running text={toText(item.text) ?? ''} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One customer's story beside its scene: the case study the front matter names (`caseStudy.id`),
 * told from the shared `common:caseStudies` texts so that it reads as on the customers page.
 */
function CaseStudy({ data }: { data: Data }) {
  const { t } = useSite();
  const toUrl = useLocalUrl();
  const id = toText(data.id);
  if (!id) return null;
  const key = (field: string) => `common:caseStudies.${id}.${field}`;
  return (
    <section className="home-section home-case" aria-labelledby="home-case-title">
      <div className="home-case__text">
        <p className="home-case__label">{t('common:caseStudies.title', { count: 1 })}</p>
        <h2 id="home-case-title">
          <Phrases text={t(key('title'))} />
        </h2>
        <p className="home-case__client">
          {t('common:caseStudies.byline', { client: t(key('client')), year: t(key('year')) })}
        </p>
        {(['challenge', 'action', 'result'] as const).map((field) => (
          <p key={field}>
            <Phrases running text={t(key(field))} />
          </p>
        ))}
        {data.href ? (
          <a className="more-link" href={toUrl(toText(data.href) ?? '/')}>
            {toText(data.link)}
          </a>
        ) : null}
      </div>
      {data.image ? (
        <img
          className="home-case__image"
          src={toText(data.image)}
          alt=""
          width="800"
          height="450"
          loading="lazy"
          decoding="async"
        />
      ) : null}
    </section>
  );
}
