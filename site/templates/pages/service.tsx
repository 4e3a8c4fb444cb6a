import ContentPage from '../components/ContentPage.tsx';

/** A service page: what the service covers and how it is delivered. */
export default function ServicePage() {
  return <ContentPage kind="service" />;
}
