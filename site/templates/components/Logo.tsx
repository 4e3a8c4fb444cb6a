/** The CloudWing mark, inline so that it needs no request; decorative beside the company name. */
export default function Logo() {
  return (
    <svg className="brand__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#0066cc" />
      <path d="M8 25c4-1 8-5 12-11 2 3 5 6 12 8-6 1-10 2-13 5-3-2-7-2-11-2z" fill="#fff" />
      <path d="M10 29h20" stroke="#03dac6" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
