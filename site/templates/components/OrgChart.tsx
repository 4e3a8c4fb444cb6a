import { toRecord, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/**
 * The organization chart (front matter `orgChart`): the line of command from the board to the
 * President, the staff office that reports to the President beside that line, and the divisions
 * branching from it. Nested lists, drawn as a chart by OrgChart.css.
 */
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
          {chart.independent ? (
            <div className="org-chart__staff">
              <span className="org-node org-node--staff">
                <span className="org-node__name">{toText(chart.independent)}</span>
                <span className="org-node__remit">{toText(chart.independentNote)}</span>
              </span>
            </div>
          ) : null}
          <ul className="org-chart__divisions">
            {divisions.map((name) => (
              <li key={name}>
                <span className="org-node">
                  <span className="org-node__name">{name}</span>
                </span>
              </li>
            ))}
            {corporate ? (
              <li>
                <span className="org-node">
                  <span className="org-node__name">{toText(corporate.name)}</span>
                  <span className="visually-hidden">{t('common:orgUnits')}</span>
                  <span className="org-node__remit">{units.join(t('common:listSeparator'))}</span>
                </span>
              </li>
            ) : null}
          </ul>
        </li>
      </ol>
    </section>
  );
}
