import type { LayoutProps } from '../../../generator/types.ts';
import Shell from '../components/Shell.tsx';
import SideNav from '../components/SideNav.tsx';

/**
 * Section pages: the section's side navigation beside the content (behaviour.md: Section pages).
 */
export default function SectionLayout({ children }: LayoutProps) {
  return (
    <Shell className="layout-section">
      <div className="section-grid">
        <SideNav />
        <main id="main" className="main">
          {children}
        </main>
      </div>
    </Shell>
  );
}
