// Watch mode only (served by `site serve --watch`, never part of the build output): reloads the
// page after a rebuild and shows a rebuild error over the page until it is fixed.

interface ErrorReport {
  readonly text: string;
}

const OVERLAY_ID = 'site-dev-overlay';

function showOverlay(report: ErrorReport): void {
  document.getElementById(OVERLAY_ID)?.remove();
  const overlay = document.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build error');
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    overflow: 'auto',
    padding: '2rem',
    background: 'rgba(15, 20, 30, 0.92)',
    color: '#f8f8f2',
    font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
  });
  const title = document.createElement('p');
  title.textContent =
    'The last change could not be built. The page below is the last good build; fix the file and it reloads.';
  Object.assign(title.style, { color: '#ff8a80', fontWeight: '700', margin: '0 0 1rem' });
  const body = document.createElement('pre');
  body.textContent = report.text;
  Object.assign(body.style, { whiteSpace: 'pre-wrap', margin: '0' });
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  Object.assign(close.style, {
    position: 'absolute',
    top: '1rem',
    right: '1rem',
    font: 'inherit',
    padding: '0.25rem 0.75rem',
    cursor: 'pointer',
  });
  close.addEventListener('click', () => overlay.remove());
  overlay.append(title, body, close);
  document.body.append(overlay);
}

const events = new EventSource('/__site/events');
events.addEventListener('reload', () => location.reload());
events.addEventListener('build-error', (event) =>
  showOverlay(JSON.parse((event as MessageEvent<string>).data) as ErrorReport),
);
