import ContentPage from '../components/ContentPage.tsx';

/** A careers page: working at the company, benefits, positions. */
export default function JobsPage() {
  return <ContentPage kind="jobs" />;
}
