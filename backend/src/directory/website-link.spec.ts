import { WEBSITE_RULE, websiteLink } from './website-link';

describe('websiteLink', () => {
  it('keeps http and https addresses and adds https to a bare host', () => {
    expect(websiteLink('https://saguarobuild.example')).toBe('https://saguarobuild.example');
    expect(websiteLink(' http://a.example/path?x=1 ')).toBe('http://a.example/path?x=1');
    expect(websiteLink('www.example.com')).toBe('https://www.example.com');
    expect(websiteLink('')).toBeNull();
    expect(websiteLink(undefined)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'https://',
    'not a url',
    'ftp://files.example',
  ])('refuses %s', (link) => {
    expect(() => websiteLink(link)).toThrow(WEBSITE_RULE);
  });
});
