import ContentPage from '../components/ContentPage.tsx';

/** A strengths page: what sets the company apart. */
export default function StrengthPage() {
  return <ContentPage kind="strength" />;
}
