import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The rules of WCAG 2.1 levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What fails the check: a serious or critical violation. Moderate and minor ones are attached to the report. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core's rules that are left out, each with its reason (docs/frontend.md, "Accessibility").
 * None today: every violation found was fixed in the components or the theme.
 */
const EXCLUDED_RULES: Record<string, string> = {};

/**
 * Runs axe-core over the page as it is now (after the network and any animation have settled):
 * the serious and critical violations of WCAG 2.1 A/AA, one line per element, naming the rule,
 * its help text and where. Moderate and minor ones are attached to the test's report.
 *
 * axe is injected through `page.evaluate` by @axe-core/playwright, which the app's CSP
 * (`script-src 'self'`) allows; the test never changes the page's own scripts.
 */
export async function seriousViolations(page: Page, screen: string): Promise<{ violations: string[]; rulesPassed: number }> {
  await page.waitForLoadState('networkidle');
  // A toast or a pop-up that is still fading in is measured against a half-drawn background.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity) // a spinner turns for ever
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only violations get their elements' selectors worked out (axe's own advice for speed: its
  // passes keep one element each, which is all the "checked something" count below needs).
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .disableRules(Object.keys(EXCLUDED_RULES))
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const others = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (others.length > 0) {
    await test.info().attach(`axe ${screen} (moderate, minor)`, { body: JSON.stringify(others, null, 2), contentType: 'application/json' });
  }
  return {
    violations: blocking.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    ),
    rulesPassed: results.passes.length,
  };
}

/**
 * Fails, softly, on any serious or critical violation: one run lists every screen that fails
 * rather than stopping at the first.
 */
export async function checkA11y(page: Page, screen: string): Promise<void> {
  const { violations, rulesPassed } = await seriousViolations(page, screen);
  expect.soft(violations, `serious or critical axe violations on ${screen}`).toEqual([]);
  // The check itself must have looked at something: a page that failed to render passes nothing.
  expect.soft(rulesPassed, `axe checked nothing on ${screen}`).toBeGreaterThan(10);
  // Beyond axe (WCAG 1.4.1): a status badge says its status in words, never by its colour alone.
  const wordless = await page
    .locator('.ant-tag, .ant-badge-status, .el-tag')
    .evaluateAll((badges) => badges.filter((b) => !(b.textContent ?? '').trim()).map((b) => b.outerHTML.slice(0, 120)));
  expect.soft(wordless, `badges without words on ${screen}`).toEqual([]);
  expect.soft(await tableHeaderProblems(page), `tables whose cells are not read with their headers on ${screen}`).toEqual([]);
}

/**
 * Every data table names its columns (th scope=col) and each of its rows (th scope=row), so a
 * screen reader reads a cell with both. antd's own rows (the width-measuring row, an empty
 * table's message, an expanded row's detail) are not data rows.
 */
export async function tableHeaderProblems(page: Page): Promise<string[]> {
  return page.locator('table').evaluateAll((tables) =>
    tables.flatMap((table, i) => {
      const name = table.getAttribute('aria-label') ?? `table ${i + 1}`;
      const rows = [...table.querySelectorAll(':scope > tbody > tr')].filter(
        (r) =>
          r.getAttribute('aria-hidden') !== 'true' &&
          !['ant-table-placeholder', 'ant-table-expanded-row', 'ant-table-measure-row'].some((c) => r.classList.contains(c)),
      );
      if (rows.length === 0) return [];
      const heads = [...table.querySelectorAll(':scope > thead th')].filter((th) => th.textContent?.trim());
      const problems: string[] = heads.length ? [] : [`${name}: no column headers`];
      for (const th of heads)
        if (!['col', 'colgroup'].includes(th.getAttribute('scope') ?? '')) problems.push(`${name}: column header "${th.textContent?.trim()}" without scope`);
      for (const row of rows)
        if (!row.querySelector(':scope > th[scope="row"]')) problems.push(`${name}: a row without a row header: ${row.textContent?.trim().slice(0, 60)}`);
      return problems;
    }),
  );
}
