import type { LayoutProps } from '../../../generator/types.ts';
import Shell from '../components/Shell.tsx';

/** The default layout: one column of content. */
export default function DefaultLayout({ children }: LayoutProps) {
  return (
    <Shell className="layout-default">
      <main id="main" className="main">
        {children}
      </main>
    </Shell>
  );
}
