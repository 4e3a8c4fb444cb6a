import { Benefits, Specs, Steps } from '../components/Callouts.tsx';
import ContentPage from '../components/ContentPage.tsx';
import Positions from '../components/Positions.tsx';
import { useCallToAction } from '../components/PageAside.tsx';
import { useLocalUrl, useSite } from '../components/site.tsx';

/**
 * A careers page: working at the company in key facts closing the title band, its story, the benefits as tiles,
 * and the open positions as cards, after how recruiting runs. On phones and
 * tablets the way to the open positions stands under the lead as well, before the long read (the
 * aside with it is beside the text only on desktops).
 */
export default function JobsPage() {
  const { payload } = useSite();
  const toUrl = useLocalUrl();
  const action = useCallToAction('recruit');
  const early =
    action && action.href !== toUrl(payload.path) ? (
      <p className="page-heading__action">
        <a className="button" href={action.href}>
          {action.label}
        </a>
      </p>
    ) : null;
  return (
    <ContentPage
      kind="jobs"
      lead={early}
      banner={<Specs data={payload.data.specs} />}
      wide={
        <>
          <Benefits data={payload.data.benefits} />
          <Positions data={payload.data} />
        </>
      }
    >
      {/* How recruiting runs, after the open positions' introduction. */}
      <Steps data={payload.data.steps} />
    </ContentPage>
  );
}
