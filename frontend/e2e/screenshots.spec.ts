import { expect, test } from './support/fixtures';

const PUBLIC_PAGES = [
  '/',
  '/promise',
  '/escrow',
  '/pricing',
  '/privacy',
  '/contact',
  '/join',
  '/login',
  '/apply',
  '/new',
  '/companies',
  '/company/100',
  '/password/forgot',
  '/delete-my-account',
  '/email',
];

for (const width of [375, 1400]) {
  test(`every public page renders real content at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).not.toBeEmpty();
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
      await page.screenshot({ path: `../.test-results/screenshots/${name}-${width}.png`, fullPage: true });
    }
    expect(failed, 'error answers while opening public pages').toEqual([]);
  });
}
