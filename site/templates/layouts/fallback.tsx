import type { LayoutProps } from '../../../generator/types.ts';
import Shell from '../components/Shell.tsx';

/** Used when a page names a layout that does not exist: the plain frame, so the page still reads. */
export default function FallbackLayout({ children }: LayoutProps) {
  return (
    <Shell className="layout-fallback">
      <main id="main" className="main">
        {children}
      </main>
    </Shell>
  );
}
