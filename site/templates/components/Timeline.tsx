import { toList, toText, type Data } from './data.ts';
import { useSite } from './site.tsx';

/** The company history as a timeline (front matter `timeline`: year and text). */
export default function Timeline({ data }: { data: Data }) {
  const { t } = useSite();
  const items = toList(data.timeline);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t('common:timeline')}</h2>
      <ol className="timeline">
        {items.map((item, i) => (
          <li key={i}>
            <span className="timeline__year">{toText(item.year)}</span>
            {toText(item.text)}
          </li>
        ))}
      </ol>
    </section>
  );
}
