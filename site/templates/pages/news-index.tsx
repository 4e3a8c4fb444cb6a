import ContentPage from '../components/ContentPage.tsx';
import LinkList from '../components/LinkList.tsx';
import { useSite } from '../components/site.tsx';

/** The newsroom: every article, newest first. */
export default function NewsIndexPage() {
  const { payload } = useSite();
  return (
    <ContentPage kind="news-index">
      <LinkList links={payload.listed} className="cards cards--news" />
    </ContentPage>
  );
}
