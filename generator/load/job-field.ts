import { isRecord } from '../config-check.ts';
import type { SiteConfig } from '../types.ts';
import type { Fail } from './callout-fields.ts';

// A position's `job` (behaviour.md: Sharing): what its page shows and its JobPosting says.

/** Google's kinds of employment (JobPosting's `employmentType`). */
const EMPLOYMENT_TYPES: readonly string[] = [
  ...['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY'],
  ...['INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'],
];

const SALARY_PERIODS: readonly string[] = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

const JOB_HINT =
  "Write `job: { employmentType: FULL_TIME, stations: [TPE], salary: { currency: TWD, min: 36000, max: 42000, per: MONTH }, validThrough: 2026-12-31 }`, and the day the position was posted as the page's `date`.";

export function checkJobField(raw: Record<string, unknown>, config: SiteConfig, fail: Fail): void {
  const job = raw.job;
  if (job === undefined) return;
  if (!isRecord(job)) {
    fail('job', 'must be a mapping with employmentType, stations, salary and validThrough', JOB_HINT);
    return;
  }
  const { employmentType, stations, salary, validThrough } = job;
  if (typeof employmentType !== 'string' || !EMPLOYMENT_TYPES.includes(employmentType))
    fail('job', `\`employmentType\` must be one of ${EMPLOYMENT_TYPES.join(', ')}`, JOB_HINT);
  checkStations(stations, config, fail);
  checkSalary(salary, fail);
  const day = typeof validThrough === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(validThrough) ? validThrough : null;
  if (day === null || Number.isNaN(Date.parse(day)))
    fail('job', '`validThrough` must be the last day applications are taken, written YYYY-MM-DD', JOB_HINT);
  const posted = typeof raw.date === 'string' ? raw.date.slice(0, 10) : null;
  if (posted === null) fail('job', "needs the page's `date`: the day the position was posted", JOB_HINT);
  else if (day !== null && day < posted) fail('job', `\`validThrough\` (${day}) is before the page's date (${posted})`);
}

function checkStations(stations: unknown, config: SiteConfig, fail: Fail): void {
  const known = config.organization?.stations.map((s) => s.iataCode) ?? [];
  const listed = Array.isArray(stations) ? stations : [];
  if (listed.length === 0 || listed.some((code) => typeof code !== 'string' || !known.includes(code)))
    fail(
      'job',
      `\`stations\` must list the airports of the position by IATA code, from \`organization.stations\` in site/site.config.ts (${known.join(', ') || 'none configured'})`,
      JOB_HINT,
    );
}

function checkSalary(salary: unknown, fail: Fail): void {
  const fields = typeof salary === 'object' && salary !== null ? (salary as Record<string, unknown>) : {};
  const { currency, min, max, per } = fields;
  const amount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    fail('job', '`salary.currency` must be a currency code such as `TWD`', JOB_HINT);
  if (!amount(min) || !amount(max) || (min as number) > (max as number))
    fail('job', '`salary.min` and `salary.max` must be whole amounts, the lower first', JOB_HINT);
  if (typeof per !== 'string' || !SALARY_PERIODS.includes(per))
    fail('job', `\`salary.per\` must be one of ${SALARY_PERIODS.join(', ')}`, JOB_HINT);
}
