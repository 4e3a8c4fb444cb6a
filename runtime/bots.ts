/** behaviour.md: Crawlers and bots. Also used in the nginx snippet, so keep it PCRE-safe. */
export const BOT_PATTERN = /bot\b|chrome-lighthouse|facebookexternalhit|google\b/i;
