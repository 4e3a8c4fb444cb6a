import ContentPage from '../components/ContentPage.tsx';

/** A plain content page. */
export default function PagePage() {
  return <ContentPage kind="page" />;
}
