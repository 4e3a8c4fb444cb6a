import ContentPage from '../components/ContentPage.tsx';

/** A page about the company. */
export default function AboutPage() {
  return <ContentPage kind="about" />;
}
