import { toList, toRecord, toText, type Data } from './data.ts';
import { toColumns } from './grid.ts';
import { Phrases, useSite } from './site.tsx';

/**
 * The key figures as tiles, and a bar chart of what they do not show (front matter `chart`: how a
 * total divides). The chart is HTML text with bars drawn beside it, so its labels wrap and scale
 * with the text; the bars are decorative, the numbers are written out.
 */
export default function KeyFigures({ data }: { data: Data }) {
  const { t } = useSite();
  const figures = toList(data.figures);
  const chart = toRecord(data.chart);
  const bars = toList(chart?.items);
  if (figures.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="figures-title">
      <h2 id="figures-title">{t('common:keyFigures')}</h2>
      <ul className={`figures figures--cols-${toColumns(figures.length, 4)}`}>
        {figures.map((f, i) => {
          const value = toText(f.value) ?? '';
          return (
            <li key={i} className="figure-card">
              {value.length > 8 ? (
                <span className="figure-card__value figure-card__value--long">
                  <span>{value}</span>
                </span>
              ) : (
                <span className="figure-card__value">{value}</span>
              )}
              <span className="figure-card__label">
                <Phrases text={toText(f.label) ?? ''} />
              </span>
              {f.detail ? (
                <span className="figure-card__detail">
                  <Phrases running text={toText(f.detail) ?? ''} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {bars.length > 0 ? (
        <figure className="chart" aria-labelledby="chart-caption">
          <figcaption id="chart-caption" className="chart__caption">
            {toText(chart?.caption)}
          </figcaption>
          <ul className="chart__rows">
            {bars.map((bar, i) => {
              const share = Math.max(0, Math.min(1, Number(bar.value) / Number(bar.max || 100)));
              return (
                <li key={i} className="chart__row">
                  <span className="chart__label">
                    <Phrases text={toText(bar.label) ?? ''} />
                  </span>
                  <span className="chart__value">{toText(bar.display)}</span>
                  <svg
                    className="chart__bar"
                    viewBox="0 0 1000 10"
                    preserveAspectRatio="none"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <rect className="chart__track" width="1000" height="10" />
                    <rect className="chart__fill" width={Math.round(1000 * share)} height="10" />
                  </svg>
                </li>
              );
            })}
          </ul>
        </figure>
      ) : null}
    </section>
  );
}

/**
 * A band of a few headline numbers across the page (front matter `band`: a title and items of a
 * `value` and a `label`): the proof of a page that sells, on the brand's navy.
 */
export function FiguresBand({ data }: { data: unknown }) {
  const band = toRecord(data);
  const items = toList(band?.items);
  if (!band || items.length === 0) return null;
  return (
    <section className="figures-band page-wide" aria-labelledby="figures-band-title">
      <h2 id="figures-band-title" className="figures-band__title">
        <Phrases text={toText(band.title) ?? ''} />
      </h2>
      <ul className="figures-band__list">
        {items.map((item, i) => (
          <li key={i} className="figures-band__item">
            <span className="figures-band__value">{toText(item.value)}</span>
            <span className="figures-band__label">
              <Phrases text={toText(item.label) ?? ''} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
