import { toRecord, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/** The organization chart (front matter `orgChart`), as nested lists drawn as a chart. */
export default function OrgChart({ data }: { data: Data }) {
  const { t } = useSite();
  const chart = toRecord(data.orgChart);
  if (!chart) return null;
  const divisions = Array.isArray(chart.divisions) ? chart.divisions.map(toText).filter(Boolean) : [];
  const corporate = toRecord(chart.corporate);
  const units = Array.isArray(corporate?.units) ? corporate.units.map(toText).filter(Boolean) : [];
  return (
    <section className="org-chart" aria-labelledby="org-title">
      <h2 id="org-title">{t('common:orgChart')}</h2>
      <ol className="org-chart__chain">
        <li>
          <span className="org-node org-node--top">{toText(chart.board)}</span>
        </li>
        <li>
          <span className="org-node">{toText(chart.chairman)}</span>
        </li>
        <li>
          <span className="org-node">{toText(chart.president)}</span>
        </li>
        <li>
          <span className="org-node org-node--independent">
            {toText(chart.independent)}
            <span className="org-chart__note">{toText(chart.independentNote)}</span>
          </span>
        </li>
      </ol>
      <ul className="org-chart__divisions">
        {divisions.map((name) => (
          <li key={name}>
            <span className="org-node">{name}</span>
          </li>
        ))}
        {corporate ? (
          <li>
            <span className="org-node">
              {toText(corporate.name)}
              <span className="org-chart__units">{units.join(t('common:listSeparator'))}</span>
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
