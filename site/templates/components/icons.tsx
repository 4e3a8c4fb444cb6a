/** Navigation and control icons, 24×24, drawn with the current text colour; decorative (labels are text). */
const PATHS: Record<string, string> = {
  home: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z',
  about: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-1 5h2v2h-2zm0 4h2v5h-2z',
  services: 'M2 7h11v9H2zM13 10h4.5l3.5 3.5V16h-8M6 19.5a1.5 1.5 0 1 0 0-.01M17 19.5a1.5 1.5 0 1 0 0-.01',
  strengths: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zm13 4h3v8a2 2 0 0 1-2 2M7 9h7M7 12h7M7 15h4',
  customers: 'M2 15l9-3V6a1.5 1.5 0 0 1 3 0v6l8 3v2l-8-1.5V19l2 1.5V22l-3.5-1L9 22v-1.5l2-1.5v-3.5L2 17z',
  jobs: 'M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 8h18v11H3zM3 13h18',
  procurement: 'M3 4h2l2.4 11h10.2L20 8H7M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
  contact: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'm7 10 5 5 5-5',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.2 15.2 20 20',
};

export default function Icon({ name }: { name: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name] ?? PATHS.home}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
