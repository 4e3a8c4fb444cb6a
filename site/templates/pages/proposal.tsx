import { useEffect, useRef, useState, type FormEvent } from 'react';
import ContactText from '../components/ContactText.tsx';
import ContentPage from '../components/ContentPage.tsx';
import { toRecord, toText, type Data } from '../components/data.ts';
import { PhoneLink } from '../components/PhoneRows.tsx';
import { toMailto } from '../components/PageAside.tsx';
import {
  toProposalFaults,
  toProposalMailto,
  type ProposalAnswers,
  type ProposalWords,
} from '../components/proposal-mail.ts';
import { Phrases, useSite } from '../components/site.tsx';

type Field = keyof ProposalAnswers;
const TEXT_FIELDS = ['airline', 'name', 'email'] as const;

/**
 * The request for a handling proposal (behaviour.md: Proposal requests): a form that writes an
 * e-mail to the sales team. Without JavaScript the browser posts it to the `mailto:` address as
 * plain text; once the app runs, it checks the answers, says what is missing, and opens the e-mail
 * with the airline and stations in its subject and one line a field in its body. Then what
 * happens next: office hours, and the operations line for flights on the day.
 */
export default function ProposalPage() {
  const { payload } = useSite();
  const form = toRecord(payload.data.form) ?? {};
  const next = toRecord(payload.data.next) ?? {};
  return (
    <ContentPage kind="proposal">
      <ProposalForm form={form} stations={toCodes(payload.data.stations)} />
      <NextSteps next={next} operations={toText(payload.data.operations)} />
    </ContentPage>
  );
}

function toCodes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The words of the e-mail, from the form's labels and the locale's separators. */
function useWords(form: Data): ProposalWords {
  const { t } = useSite();
  const label = (key: string) => toText(form[key]) ?? key;
  return {
    subject: t('common:audience.service.subject'),
    labels: {
      airline: label('airline'),
      name: label('name'),
      email: label('email'),
      stations: label('stations'),
      aircraft: label('aircraft'),
      services: label('services'),
      start: label('start'),
      message: label('message'),
    },
    separator: t('common:listSeparator'),
    labelSeparator: t('common:labelSeparator'),
  };
}

/**
 * The answers as the form holds them. Each field is named by its label, so that the e-mail a
 * browser writes without the app reads `Airline=…` in the page's language.
 */
function toAnswers(el: HTMLFormElement, words: ProposalWords): ProposalAnswers {
  const data = new FormData(el);
  const one = (key: Field) => String(data.get(words.labels[key]) ?? '');
  const all = (key: Field) => data.getAll(words.labels[key]).map(String);
  return {
    airline: one('airline'),
    name: one('name'),
    email: one('email'),
    stations: all('stations'),
    aircraft: one('aircraft'),
    services: all('services'),
    start: one('start'),
    message: one('message'),
  };
}

function ProposalForm({ form, stations }: { form: Data; stations: string[] }) {
  const { payload, t } = useSite();
  const words = useWords(form);
  const errors = toRecord(form.errors) ?? {};
  const email = payload.contacts.find((c) => c.key === 'service')?.email ?? '';
  const ref = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [faults, setFaults] = useState<Field[]>([]);
  const [sent, setSent] = useState(false);
  // Once the app runs it checks the answers itself and says what is missing in words; before,
  // the browser's own checks hold the required fields.
  useEffect(() => {
    if (ref.current) ref.current.noValidate = true;
  }, []);
  useEffect(() => {
    if (faults.length > 0) summary.current?.focus();
  }, [faults]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answers = toAnswers(event.currentTarget, words);
    const found = toProposalFaults(answers);
    setFaults(found);
    setSent(found.length === 0);
    if (found.length === 0) window.location.assign(toProposalMailto(email, answers, words));
  };
  const fault = (key: Field) => faults.includes(key);
  const described = (key: Field, hint?: boolean) =>
    [hint ? `proposal-${key}-hint` : '', fault(key) ? `proposal-${key}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const error = (key: Field) =>
    fault(key) ? (
      <p className="proposal-form__error" id={`proposal-${key}-error`}>
        {toText(errors[key])}
      </p>
    ) : null;
  return (
    <form
      ref={ref}
      className="proposal-form"
      aria-labelledby="proposal-form-title"
      action={toMailto(email, words.subject)}
      method="post"
      encType="text/plain"
      onSubmit={onSubmit}
    >
      <h2 id="proposal-form-title">{toText(form.title)}</h2>
      <p className="proposal-form__required-note">
        <span aria-hidden="true">* </span>
        {toText(form.required)}
      </p>
      <div className="proposal-form__summary" ref={summary} tabIndex={-1} role="alert">
        {faults.length > 0 ? (
          <>
            <p className="proposal-form__summary-title">{toText(form.fix)}</p>
            <ul>
              {faults.map((key) => (
                <li key={key}>
                  <a href={`#proposal-${key}`}>{toText(errors[key])}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <div className="proposal-form__grid">
        {TEXT_FIELDS.map((key) => (
          <div key={key} className="proposal-form__field">
            <label htmlFor={`proposal-${key}`}>
              {toText(form[key])}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id={`proposal-${key}`}
              name={words.labels[key]}
              type={key === 'email' ? 'email' : 'text'}
              autoComplete={key === 'airline' ? 'organization' : key}
              required
              aria-invalid={fault(key) || undefined}
              aria-describedby={described(key)}
            />
            {error(key)}
          </div>
        ))}
        <div className="proposal-form__field">
          <label htmlFor="proposal-start">{toText(form.start)}</label>
          {/* The field writes a date as the browser's language does: an example in the page's own. */}
          <p className="proposal-form__hint" id="proposal-start-hint">
            {t('common:proposalDateHint')}
          </p>
          <input id="proposal-start" name={words.labels.start} type="date" aria-describedby="proposal-start-hint" />
        </div>
      </div>
      <fieldset
        className="proposal-form__choices"
        aria-invalid={fault('stations') || undefined}
        aria-describedby={described('stations', true)}
      >
        <legend>
          {toText(form.stations)}
          <span aria-hidden="true"> *</span>
        </legend>
        <p className="proposal-form__hint" id="proposal-stations-hint">
          {toText(form.stationsHint)}
        </p>
        <ul id="proposal-stations">
          {stations.map((code) => (
            <li key={code}>
              <label>
                <input type="checkbox" name={words.labels.stations} value={code} />
                <span>
                  <span className="proposal-form__code">{code}</span> {t(`common:airports.${code}.name`)}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error('stations')}
      </fieldset>
      <fieldset className="proposal-form__choices">
        <legend>{toText(form.services)}</legend>
        <ul>
          {toStrings(form.serviceOptions).map((service) => (
            <li key={service}>
              <label>
                <input type="checkbox" name={words.labels.services} value={service} />
                <span>
                  <Phrases text={service} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="proposal-form__field">
        <label htmlFor="proposal-aircraft">{toText(form.aircraft)}</label>
        <p className="proposal-form__hint" id="proposal-aircraft-hint">
          {toText(form.aircraftHint)}
        </p>
        <input
          id="proposal-aircraft"
          name={words.labels.aircraft}
          type="text"
          aria-describedby="proposal-aircraft-hint"
        />
      </div>
      <div className="proposal-form__field">
        <label htmlFor="proposal-message">{toText(form.message)}</label>
        <textarea id="proposal-message" name={words.labels.message} rows={6} />
      </div>
      <p className="proposal-form__submit">
        <button type="submit" className="button">
          {toText(form.submit)}
        </button>
      </p>
      <p className="proposal-form__note">
        <ContactText text={(toText(form.note) ?? '').replace('{{email}}', email)} />
      </p>
      <p className="proposal-form__sent" role="status">
        {sent ? toText(form.sent) : null}
      </p>
    </form>
  );
}

function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => toText(v) ?? '').filter(Boolean) : [];
}

/** After the request: each step a line; office hours and the operations line from the shared texts. */
function NextSteps({ next, operations }: { next: Data; operations: string | undefined }) {
  const { t } = useSite();
  const steps = toStrings(next.steps);
  if (!next.title) return null;
  return (
    <section className="proposal-next" aria-labelledby="proposal-next-title">
      <h2 id="proposal-next-title">{toText(next.title)}</h2>
      <ol className="proposal-next__steps">
        {steps.map((step) => (
          <li key={step}>
            <Phrases text={step} />
          </li>
        ))}
      </ol>
      <dl className="proposal-next__facts">
        <div>
          <dt>{t('common:contactHours')}</dt>
          <dd>{t('common:contactHoursText')}</dd>
        </div>
        {operations ? (
          <div>
            <dt>{t('common:contactOperations')}</dt>
            <dd>
              <PhoneLink phone={operations} />
              <span className="proposal-next__note">{t('common:contactOperationsNote')}</span>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
