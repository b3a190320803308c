import { invalid } from '@escrow/domain';

export const WEBSITE_RULE = 'The website must be a web address starting with http:// or https://.';

/**
 * A company's website as the public profile links it: http(s) only, so a `javascript:` or
 * `data:` link can never reach a visitor's click. A bare host ("example.com") gets https://.
 * Blank means none.
 */
export function websiteLink(input: string | undefined | null): string | null {
  const text = input?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('website_invalid', WEBSITE_RULE);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(text)) throw invalid('website_invalid', WEBSITE_RULE);
  return withScheme;
}
