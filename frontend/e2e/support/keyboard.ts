import { expect, type Locator, type Page } from '@playwright/test';

import { DEMO } from './fixtures';
import { nextTotpCode, secondFactorAsked } from './second-factor';

/**
 * Moving through the app with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and the
 * arrow keys, and typing into the field that has the focus. Nothing here clicks or fills.
 */

/** The focus ring of the theme (#104a2c) and, on the dark footer, white. */
const FOCUS_COLOURS = ['rgb(16, 74, 44)', 'rgb(255, 255, 255)'];

/** A short name for the focused element, for messages: "button Approve", "textbox Email". */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `${role} ${name.replace(/\s+/g, ' ').trim().slice(0, 60)}`;
  });
}

/**
 * The focused control shows that it has the focus: an outline or a focus shadow in the focus
 * colour, at least 2 px, on it or on the box antd draws around it (the select around its search
 * input, the circle of a radio). Judged from the computed styles of the page as it is.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const seen = await page.evaluate(async (colours) => {
    // The ring fades in (antd transitions its shadow): judge it once the transitions have run.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'nothing has the focus' };
    const around = [el, el.parentElement, el.parentElement?.parentElement, el.parentElement?.parentElement?.parentElement].filter((e): e is HTMLElement =>
      Boolean(e),
    );
    const candidates = new Set<Element>(around);
    // antd draws a radio's or checkbox's ring on a sibling of its (invisible) input.
    for (const e of [el.parentElement, el.parentElement?.parentElement]) e?.querySelectorAll('*').forEach((d) => candidates.add(d));
    for (const c of candidates) {
      const s = getComputedStyle(c);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && colours.includes(s.outlineColor);
      const shadow = colours.some((colour) => s.boxShadow.includes(colour)) && /\b[2-9]px\b/.test(s.boxShadow);
      if ((outline || shadow) && s.visibility !== 'hidden') return { ok: true, what: '' };
    }
    const s = getComputedStyle(el);
    return { ok: false, what: `${el.outerHTML.slice(0, 160)} — outline: ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}; box-shadow: ${s.boxShadow}` };
  }, FOCUS_COLOURS);
  expect(seen.ok, `no visible focus: ${seen.what}`).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking at every stop that the
 * focus shows. Fails, listing the stops, when it is not reached within `max` presses. Returns the
 * stops on the way, the target last.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<string[]> {
  await expect(target).toBeVisible();
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const here = await focused(page);
    stops.push(here);
    if (here === 'body') continue; // off the end of the page: the next Tab starts again at the top
    await expectFocusVisible(page);
    if (await isFocused(target)) return stops;
  }
  throw new Error(`${String(target)} not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; the focus went: ${stops.join(' → ')}`);
}

/** Tabs to a button or link and presses Enter on it. */
export async function activate(page: Page, target: Locator, options?: { max?: number; back?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

/**
 * Tabs to a field and types into it (replacing nothing: fields start empty in these journeys);
 * `shows` is what the field then holds when it formats what is typed.
 */
export async function typeInto(page: Page, field: Locator, text: string, options: { max?: number; back?: boolean; shows?: string } = {}): Promise<void> {
  await tabTo(page, field, options);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(options.shows ?? text);
}

/**
 * While the dialog is open, Tab and Shift+Tab keep the focus inside it, going round: more presses
 * than it has controls never leave it.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const controls = await dialog.locator('button, a[href], input, textarea, select, [tabindex="0"]').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} #${i + 1} left the dialog for ${await focused(page)}`).toBe(true);
      await expectFocusVisible(page);
    }
  }
}

/**
 * The live region a message is said in: role alert or status, or aria-live. With `action`, the
 * watch starts before the action runs: a toast is on screen for a second or two (the spec's 800
 * ms for "Buyer added"), and a check started after a slow action on a loaded machine could miss
 * it; `waitFor` looks at every frame, where `expect` polls up to a second apart.
 */
export async function expectAnnounced(page: Page, text: string | RegExp, action?: () => Promise<void>): Promise<void> {
  const region = page.locator('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]').filter({ hasText: text });
  if (!action) {
    await expect(region.first()).toBeVisible();
    return;
  }
  const said = region.first().waitFor({ state: 'visible', timeout: 15_000 });
  said.catch(() => undefined); // awaited below; not an unhandled rejection if the action throws first
  await action();
  await said;
}

/**
 * A page reached inside the app (a link, a submit): its heading is said in the route announcer,
 * which has taken the focus so that the next Tab starts at the top of the page.
 */
export async function arrivedAt(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByTestId('route-announcer')).toHaveText(heading);
  await expect(page.getByTestId('route-announcer')).toBeFocused();
}

/** The login page, by keyboard: the skip link, then email, password and Enter. */
export async function logInByKeyboard(page: Page, email: string, password = DEMO.password): Promise<void> {
  await page.goto('/login');
  const main = page.getByRole('main');
  await activate(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 1 });
  await typeInto(page, main.getByLabel('Email'), email, { max: 5 });
  await typeInto(page, main.getByLabel('Password'), password, { max: 2 });
  await page.keyboard.press('Enter');
  // The second step: the code field takes the focus; type the app's code and press Enter.
  if (await secondFactorAsked(page, main, '/login')) {
    await expect(main.getByLabel('Authentication code')).toBeFocused();
    await page.keyboard.type(await nextTotpCode(email));
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/(portal|admin)$/);
  await arrivedAt(page, email === DEMO.admin ? 'Dashboard' : 'Your projects');
}
