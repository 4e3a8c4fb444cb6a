import { toList, toRecord, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/**
 * The key figures as cards, and the shares among them as a bar chart: an SVG image with its own
 * text (each bar is labelled with its value) and a table equivalent for assistive technology.
 */
export default function KeyFigures({ data }: { data: Data }) {
  const { t } = useSite();
  const figures = toList(data.figures);
  const chart = toRecord(data.chart);
  const bars = toList(chart?.items);
  if (figures.length === 0) return null;
  const rowHeight = 64;
  return (
    <section className="home-section" aria-labelledby="figures-title">
      <h2 id="figures-title">{t('common:keyFigures')}</h2>
      <ul className="figures">
        {figures.map((f, i) => (
          <li key={i} className="figure-card">
            <span className="figure-card__value">{toText(f.value)}</span>
            <span className="figure-card__label">{toText(f.label)}</span>
            {f.detail ? <span className="figure-card__detail">{toText(f.detail)}</span> : null}
          </li>
        ))}
      </ul>
      {bars.length > 0 ? (
        <figure className="chart">
          <figcaption id="chart-caption">{toText(chart?.caption)}</figcaption>
          <svg
            className="chart__bars"
            viewBox={`0 0 640 ${bars.length * rowHeight}`}
            role="img"
            aria-labelledby="chart-caption"
            aria-describedby="chart-table"
          >
            {bars.map((bar, i) => {
              const share = Math.max(0, Math.min(1, Number(bar.value) / Number(bar.max || 100)));
              const y = i * rowHeight;
              return (
                <g key={i}>
                  <text className="chart__label" x="0" y={y + 18}>
                    {toText(bar.label)}
                  </text>
                  <rect className="chart__track" x="0" y={y + 28} width="540" height="18" rx="9" />
                  <rect className="chart__bar" x="0" y={y + 28} width={Math.round(540 * share)} height="18" rx="9" />
                  <text className="chart__value" x="552" y={y + 43}>
                    {toText(bar.display)}
                  </text>
                </g>
              );
            })}
          </svg>
          <div className="visually-hidden">
            <table id="chart-table">
              <caption>{toText(chart?.caption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('common:figure')}</th>
                  <th scope="col">{t('common:value')}</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar, i) => (
                  <tr key={i}>
                    <th scope="row">{toText(bar.label)}</th>
                    <td>{toText(bar.display)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      ) : null}
    </section>
  );
}
