/**
 * Crawlers and bots (behaviour.md: Crawlers and bots): never redirected, never shown a client-side
 * error page. One pattern for the browser runtime and the nginx snippet (its source is PCRE-safe).
 */
export const BOT_PATTERN = /bot\b|chrome-lighthouse|facebookexternalhit|google\b/i;
