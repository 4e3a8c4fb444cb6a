import type { ShareCardProps } from '../../generator/types.ts';

/**
 * The share card of a page (1200 × 630 PNG), drawn at build time by satori: flexbox and inline
 * styles only, no stylesheet, one bold weight. The brand on navy, the page's section as a kicker,
 * its title large, and the company's name and the site's address at the foot.
 */
export default function ShareCard({ title, section, company, brand, site, logo, colors }: ShareCardProps) {
  const long = [...title].length > 40;
  return (
    <div
      style={{
        width: 1200,
        height: 630,
        display: 'flex',
        background: colors.navy,
        color: '#ffffff',
        fontFamily: 'card',
        fontWeight: 700,
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flexGrow: 1,
          margin: '64px 80px 56px',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <img src={logo} width={64} height={64} style={{ borderRadius: 12 }} />
          <div style={{ marginLeft: 24, fontSize: 34 }}>{brand}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          {section ? <div style={{ fontSize: 30, color: colors.accent, marginBottom: 20 }}>{section}</div> : null}
          <div
            style={{
              fontSize: long ? 56 : 64,
              lineHeight: 1.25,
              maxHeight: long ? 210 : 240,
              overflow: 'hidden',
              textWrap: 'balance',
            }}
          >
            {title}
          </div>
        </div>
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            borderTop: `4px solid ${colors.primary}`,
            paddingTop: 20,
            fontSize: 26,
            color: '#c9d7e8',
          }}
        >
          <div>{company}</div>
          <div>{site}</div>
        </div>
      </div>
    </div>
  );
}
