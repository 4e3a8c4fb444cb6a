// The proposal request's e-mail, written from the form's answers (behaviour.md: Proposal requests).
// Pure, so that the page's form and its tests compose the same message.

/** What the visitor wrote: each field by its key, the stations and services as the boxes ticked. */
export interface ProposalAnswers {
  readonly airline: string;
  readonly name: string;
  readonly email: string;
  readonly stations: readonly string[];
  readonly aircraft: string;
  readonly services: readonly string[];
  readonly start: string;
  readonly message: string;
}

/** The words of the message: the subject's start, each field's label, how a list is joined. */
export interface ProposalWords {
  readonly subject: string;
  readonly labels: Readonly<Record<Exclude<keyof ProposalAnswers, 'message'>, string>> & { readonly message: string };
  readonly separator: string;
  /** What stands between a label and its value (`: `, `：`). */
  readonly labelSeparator: string;
}

/** The subject: what is asked, for which airline, at which stations (`…: Harbor Sky Airlines (TPE, KHH)`). */
export function toProposalSubject(answers: ProposalAnswers, words: ProposalWords): string {
  const stations = answers.stations.length > 0 ? ` (${answers.stations.join(words.separator)})` : '';
  return `${words.subject}${words.labelSeparator}${answers.airline.trim()}${stations}`;
}

/** The body: one line a field, as label and value, the message last after a blank line; empty fields left out. */
export function toProposalBody(answers: ProposalAnswers, words: ProposalWords): string {
  const { labels, separator, labelSeparator } = words;
  const contact = answers.email.trim() ? `${answers.name.trim()} <${answers.email.trim()}>` : answers.name.trim();
  const rows: [string, string][] = [
    [labels.airline, answers.airline.trim()],
    [labels.name, contact],
    [labels.stations, answers.stations.join(separator)],
    [labels.aircraft, answers.aircraft.trim()],
    [labels.services, answers.services.join(separator)],
    [labels.start, answers.start.trim()],
  ];
  const lines = rows.filter(([, value]) => value !== '').map(([label, value]) => `${label}${labelSeparator}${value}`);
  const message = answers.message.trim();
  return [...lines, ...(message ? ['', `${labels.message}${labelSeparator}`, message] : [])].join('\r\n');
}

/** The `mailto:` address that opens the visitor's e-mail program with the request written. */
export function toProposalMailto(to: string, answers: ProposalAnswers, words: ProposalWords): string {
  const subject = encodeURIComponent(toProposalSubject(answers, words));
  const body = encodeURIComponent(toProposalBody(answers, words).replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}

/** The fields a request cannot do without, each with what is wrong; none when it can be sent. */
export function toProposalFaults(answers: ProposalAnswers): (keyof ProposalAnswers)[] {
  const faults: (keyof ProposalAnswers)[] = [];
  if (!answers.airline.trim()) faults.push('airline');
  if (!answers.name.trim()) faults.push('name');
  // The shape browsers check an `email` field against: something, an @, a host.
  if (!/^[^\s@]+@[^\s@]+$/.test(answers.email.trim())) faults.push('email');
  if (answers.stations.length === 0) faults.push('stations');
  return faults;
}
