import { Phrases, useSite } from './site.tsx';
import { toText, type Data } from './data.ts';

/** The case studies there are, each told in the `caseStudies` block of the locale's `common` texts. */
export const CASE_STUDIES = ['jadeCoast', 'terminal3', 'freighters'] as const;

/**
 * One case study: the year, whom it was for, its title, then the challenge, what the company did
 * and the result. Its texts are shared (`common:caseStudies.<id>`), so any page can tell it the
 * same way: the customers and service pages, the home page.
 */
export function CaseStudy({ id, headingLevel = 3 }: { id: string; headingLevel?: 2 | 3 }) {
  const { t } = useSite();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const key = (field: string) => `common:caseStudies.${id}.${field}`;
  return (
    <article className="case-studies__item" aria-labelledby={`case-${id}`}>
      <p className="case-study__meta">
        <span className="case-study__year">{t(key('year'))}</span> {t(key('client'))}
      </p>
      <Heading id={`case-${id}`} className="case-study__title">
        <Phrases text={t(key('title'))} />
      </Heading>
      <dl className="case-study__story">
        {(['challenge', 'action', 'result'] as const).map((field) => (
          <div key={field} className={`case-study__${field}`}>
            <dt>{t(`common:caseStudies.${field}`)}</dt>
            <dd>
              <Phrases running text={t(key(field))} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * The case studies a page names in its front matter (`cases: [jadeCoast, terminal3]`), under one
 * heading; nothing when it names none.
 */
export default function CaseStudies({ data }: { data: Data }) {
  const { t } = useSite();
  const ids = (Array.isArray(data.cases) ? data.cases : [])
    .map((id) => toText(id) ?? '')
    .filter((id): id is (typeof CASE_STUDIES)[number] => (CASE_STUDIES as readonly string[]).includes(id));
  if (ids.length === 0) return null;
  return (
    <section className="case-studies page-wide" aria-labelledby="case-studies-title">
      <h2 id="case-studies-title">{t('common:caseStudies.title', { count: ids.length })}</h2>
      <div className="case-studies__list">
        {ids.map((id) => (
          <CaseStudy key={id} id={id} />
        ))}
      </div>
    </section>
  );
}
