import type { ReactNode } from 'react';
import type { Payload } from '../../../generator/types.ts';
import { toRecord, toText, type Data } from './data.ts';
import { MoreLink, Phrases, toSectionOf, useLocalUrl, useSite } from './site.tsx';
import EmailAddress from './EmailAddress.tsx';
import { PhoneLink } from './PhoneRows.tsx';

/**
 * Whom a page is written for, as the department that answers it (behaviour.md: Contact details):
 * the page's `contact` key; without one, a news page is the press's (`media`) and any other page
 * an airline's (`service`).
 */
export function toAudience(payload: Pick<Payload, 'data' | 'path' | 'contacts'>): string {
  const key = toText(payload.data.contact);
  if (key) return key;
  const media = toSectionOf(payload.path) === 'news' && payload.contacts.some((c) => c.key === 'media');
  return media ? 'media' : 'service';
}

/** A `mailto:` address whose subject line is already written. */
export function toMailto(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/**
 * The aside's one action for the page's audience: an airline requests a proposal on its page, a job
 * seeker goes to the open positions, a supplier registers by e-mail, the press and investors write
 * to their contact.
 */
export function useCallToAction(audience: string): { href: string; label: string } | null {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const email = payload.contacts.find((c) => c.key === audience)?.email;
  if (!email) return null;
  const label = t(`common:audience.${audience}.action`);
  // The list of positions is no action on that list, nor beside a position's own apply buttons
  // (behaviour.md: Contact details).
  if (audience === 'recruit')
    return /^\/jobs\/(?:jobs-positions$|positions\/)/.test(payload.path)
      ? null
      : { href: toUrl('/jobs/jobs-positions'), label };
  // An airline's request has a form of its own, which writes the e-mail (behaviour.md: Proposal requests).
  if (audience === 'service') return { href: toUrl('/proposal'), label };
  if (audience === 'procurement') return { href: toMailto(email, t(`common:audience.${audience}.subject`)), label };
  return { href: `mailto:${email}`, label };
}

/**
 * Beside the text of a one-column page on wide screens: the one thing the page's audience came to
 * do (toAudience), with the department's e-mail address and telephone number: the page's one
 * contact box (behaviour.md: Contact details), then what the page adds (a story's ways to share it).
 * Below the desktop breakpoint it follows the text. The
 * contact and proposal pages, whose text is the contact, have none. A plain block, not an `aside`
 * landmark: it sits inside `main`.
 */
export default function PageAside({ children }: { children?: ReactNode }) {
  const { payload } = useSite();
  const contact = payload.path !== '/contact' && payload.path !== '/proposal';
  const assurances = toRecord(payload.data.assurances);
  if (!contact && !assurances && !children) return null;
  return (
    <div className="page-aside">
      {/* The part that stays in view: the aside itself spans the text's height (PageAside.css). */}
      <div className="page-aside__inner">
        {contact ? <AsideContact /> : null}
        {assurances ? <Assurances data={assurances} /> : null}
        {children}
      </div>
    </div>
  );
}

/**
 * What a buyer checks before asking (front matter `assurances`: a title, lines of proof, and a
 * link to where each is shown in full), beside the proposal request.
 */
function Assurances({ data }: { data: Data }) {
  const items = Array.isArray(data.items) ? data.items.map(toText).filter((item) => item !== undefined) : [];
  return (
    <section className="page-aside__assurances" aria-labelledby="page-aside-assurances">
      <h2 id="page-aside-assurances" className="page-aside__heading">
        <Phrases text={toText(data.title) ?? ''} />
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <Phrases text={item} />
          </li>
        ))}
      </ul>
      <MoreLink href={toText(data.href)}>{toText(data.link)}</MoreLink>
    </section>
  );
}

/** The aside's contact box: the audience's question, its action, and whom to write to or call. */
function AsideContact() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  const audience = toAudience(payload);
  const action = useCallToAction(audience);
  const department = payload.contacts.find((c) => c.key === audience);
  return (
    <section
      className={`page-aside__contact page-aside__contact--${audience}`}
      aria-labelledby="page-aside-contact"
      data-audience={audience}
      data-search-ignore=""
    >
      <h2 id="page-aside-contact" className="page-aside__heading">
        <Phrases text={t(`common:audience.${audience}.title`)} />
      </h2>
      <p>
        <Phrases running text={t(`common:audience.${audience}.text`)} />
      </p>
      {action && action.href !== toUrl(payload.path) ? (
        <a className="button" href={action.href}>
          {action.label}
        </a>
      ) : null}
      {department ? (
        <p className="page-aside__email">
          <EmailAddress address={department.email} />
          {department.phone ? (
            <>
              <br />
              <PhoneLink phone={department.phone} />
            </>
          ) : null}
        </p>
      ) : null}
      <ContactAllLink />
    </section>
  );
}

/** The way to every department's address and number: the contact page. */
export function ContactAllLink() {
  const { t } = useSite();
  return <MoreLink href="/contact">{t('common:contactAll')}</MoreLink>;
}
