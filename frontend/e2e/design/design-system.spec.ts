import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

import { expect, type Locator, type Page, test } from '@playwright/test';

import { harnessOut } from './vite.config';

/**
 * One look (house style rule 16, docs/frontend.md): each light component of src/components is
 * drawn beside its antd twin under our theme (e2e/design/harness.tsx) and compared, in its
 * default state and in each state the harness names (hover, focus, active), two ways:
 *
 * - pixels: the two screenshots must be the same size and differ in at most PIXEL_BUDGET of their
 *   pixels by more than PIXEL_DELTA on a channel (see below why those two figures);
 * - computed styles: colours, font, border, radius, shadow, outline and, where the two elements
 *   are the same kind of box, height, padding and line-height must be equal; a difference is named
 *   property by property, which says at once which token or rule drifted.
 *
 * Then each pair's row is compared with its baseline image (e2e/design/baselines), so a change of
 * a token, which moves both sides alike, is seen too. After a deliberate change of the look:
 * `npx playwright test -c playwright.design.config.ts --update-snapshots` and commit the images.
 */

/**
 * Both sides are drawn by the same Chromium with the same fonts, yet not always to the same
 * pixel: anti-aliasing of a glyph or an icon's curve differs a little (measured over the 104
 * comparisons: up to 743 pixels differ at all, on the card's text; 311 by more than 8 of 255 on a
 * channel; 21 by more than 24; 2 by more than 0x40, on the tabs). A drifted size, padding, radius,
 * border or position moves whole edges and text runs by far more than 0x40 on far more pixels
 * than the budget (a padding of 16 for 15 fails on every button). Colours are the computed styles'
 * job: they are compared exactly, so a hover green one unit off fails there even where its pixels
 * stay under 0x40.
 */
const PIXEL_DELTA = 0x40;
const PIXEL_BUDGET = { ratio: 0.001, floor: 8 };

/** What a text says with: compared unless the pair is `textless`. */
const TEXT_STYLES = ['color', 'font-family', 'font-size', 'font-weight'];
const STYLES = [
  'background-color',
  'background-image',
  'border-top-color',
  'border-top-width',
  'border-top-style',
  'border-bottom-color',
  'border-bottom-width',
  'border-top-left-radius',
  'border-bottom-right-radius',
  'box-shadow',
  'outline-color',
  'outline-style',
  'outline-width',
  'outline-offset',
  'opacity',
  'cursor',
  'text-decoration-line',
];
/** Compared only when both targets are the same kind of box (not `data-shape="composite"`). */
const BOX_STYLES = ['height', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'line-height'];

const ORIGIN = 'http://design.test';

interface PairSpec {
  id: string;
  states: string[];
  target: { light: string; antd: string };
  /** What to photograph on each side, or '' for the padded box around it. */
  shot: { light: string; antd: string };
  shape: 'same' | 'composite' | 'textless';
}

async function openHarness(page: Page) {
  // The harness is a static build (build-harness.ts); the browser reads it through this route, no server.
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = normalize(new URL(route.request().url()).pathname).replace(/^\/+/, '') || 'index.html';
    const file = join(harnessOut, path);
    if (!file.startsWith(harnessOut)) return route.abort();
    const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }[extname(file)] ?? 'application/octet-stream';
    try {
      return route.fulfill({ body: readFileSync(file), contentType: type });
    } catch {
      return route.fulfill({ status: 404, body: 'not found' });
    }
  });
  await page.goto(`${ORIGIN}/index.html`);
  await page.locator('[data-pair]').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

function pairsOf(page: Page): Promise<PairSpec[]> {
  return page.locator('[data-pair]').evaluateAll((sections) =>
    sections.map((s) => {
      const d = (s as HTMLElement).dataset;
      return {
        id: d.pair!,
        states: (d.states ?? '').split(' ').filter(Boolean),
        target: { light: d.targetLight!, antd: d.targetAntd! },
        shot: { light: d.shotLight ?? '', antd: d.shotAntd ?? '' },
        shape: d.shape === 'composite' || d.shape === 'textless' ? d.shape : 'same',
      } satisfies PairSpec;
    }),
  );
}

/** No hover, no focus, no pressed button: the page as it loads. */
async function calm(page: Page) {
  await page.mouse.up();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
}

/** Puts a side's target in a state; returns how to leave it. */
async function enter(page: Page, target: Locator, state: string): Promise<() => Promise<void>> {
  await calm(page);
  if (state === 'hover') await target.hover();
  if (state === 'focus') {
    // Then a key: Chromium shows the focus ring (:focus-visible) on the focused element once the keyboard is used.
    await target.focus();
    await page.keyboard.press('Shift');
    expect
      .soft(await target.evaluate((e) => e.matches(':focus-visible') || e.querySelector(':focus-visible') !== null), 'the target shows its focus ring')
      .toBe(true);
  }
  if (state === 'active') {
    await target.hover();
    await page.mouse.down();
    // Released away from the target, so nothing is clicked.
    return async () => {
      await page.mouse.move(0, 0);
      await page.mouse.up();
    };
  }
  return async () => undefined;
}

async function capture(page: Page, pair: Locator, spec: PairSpec, side: 'light' | 'antd', state: string) {
  const box = pair.locator(`[data-side=${side}] .shot`);
  const target = box.locator(spec.target[side]).first();
  const leave = await enter(page, target, state);
  const shot = await (spec.shot[side] ? box.locator(spec.shot[side]).first() : box).screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  const names =
    spec.shape === 'composite' ? [...TEXT_STYLES, 'background-color'] : [...STYLES, ...(spec.shape === 'textless' ? [] : TEXT_STYLES), ...BOX_STYLES];
  const styles = await target.evaluate((element, wanted) => {
    const computed = getComputedStyle(element);
    // What is not drawn is not compared: a border or an outline of style none has no colour to see.
    const hidden = new Set<string>(
      (
        [
          ['border-top-style', ['border-top-color', 'border-top-width']],
          ['border-bottom-style', ['border-bottom-color', 'border-bottom-width']],
          ['outline-style', ['outline-color', 'outline-width', 'outline-offset']],
        ] as const
      ).flatMap(([style, drawn]) => (computed.getPropertyValue(style) === 'none' ? drawn : [])),
    );
    return Object.fromEntries(wanted.filter((n) => !hidden.has(n)).map((n) => [n, computed.getPropertyValue(n)]));
  }, names);
  await leave();
  return { shot, styles };
}

/** Pixel difference of two PNGs, measured in the page's own canvas (no image library needed). */
function pixelDiff(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async ([first, second, delta]) => {
      const load = async (base64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const [x, y] = await Promise.all([load(first), load(second)]);
      if (x.width !== y.width || x.height !== y.height)
        return { sameSize: false, size: `${x.width}×${x.height} against ${y.width}×${y.height}`, off: 0, total: 0, diff: '' };
      const pixels = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [p, q] = [pixels(x), pixels(y)];
      const marks = new OffscreenCanvas(x.width, x.height);
      const markContext = marks.getContext('2d')!;
      const out = markContext.createImageData(x.width, x.height);
      let off = 0;
      for (let i = 0; i < p.data.length; i += 4) {
        const worst = Math.max(...[0, 1, 2, 3].map((c) => Math.abs(p.data[i + c]! - q.data[i + c]!)));
        const bad = worst > delta;
        if (bad) off++;
        out.data.set(bad ? [255, 0, 0, 255] : [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 60], i);
      }
      markContext.putImageData(out, 0, 0);
      const blob = await marks.convertToBlob({ type: 'image/png' });
      const diff = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(blob);
      });
      return { sameSize: true, size: `${x.width}×${x.height}`, off, total: x.width * x.height, diff };
    },
    [a.toString('base64'), b.toString('base64'), PIXEL_DELTA] as const,
  );
}

test('every light component looks like its antd twin, in every state', async ({ page }, testInfo) => {
  await openHarness(page);
  const pairs = await pairsOf(page);
  expect(pairs.length, 'the harness shows its pairs').toBeGreaterThan(40);
  for (const spec of pairs) {
    await test.step(spec.id, async () => {
      const pair = page.locator(`[data-pair="${spec.id}"]`);
      for (const state of ['default', ...spec.states]) {
        const light = await capture(page, pair, spec, 'light', state);
        const antd = await capture(page, pair, spec, 'antd', state);
        const name = `${spec.id} (${state})`;
        const styleDrift = [...new Set([...Object.keys(light.styles), ...Object.keys(antd.styles)])]
          .filter((k) => light.styles[k] !== antd.styles[k])
          .map((k) => `${k}: light ${light.styles[k]} / antd ${antd.styles[k]}`);
        expect.soft(styleDrift, `${name}: computed styles of the light component against antd's`).toEqual([]);
        const diff = await pixelDiff(page, light.shot, antd.shot);
        const budget = Math.max(PIXEL_BUDGET.floor, Math.round(diff.total * PIXEL_BUDGET.ratio));
        if (!diff.sameSize || diff.off > budget) {
          // Beside the report: the two pictures and the pixels that differ (red), to look at.
          const file = (what: string) => testInfo.outputPath(`${spec.id}-${state}-${what}.png`);
          writeFileSync(file('light'), light.shot);
          writeFileSync(file('antd'), antd.shot);
          if (diff.diff) writeFileSync(file('diff'), Buffer.from(diff.diff, 'base64'));
        }
        expect.soft(diff.size, `${name}: the light component's size against antd's`).toBe(diff.sameSize ? diff.size : 'the same size');
        expect.soft(diff.off, `${name}: pixels off by more than ${PIXEL_DELTA} (of ${diff.total}; budget ${budget})`).toBeLessThanOrEqual(budget);
      }
      await calm(page);
      await expect.soft(pair, `${spec.id}: against its baseline image`).toHaveScreenshot(`${spec.id}.png`);
    });
  }
});
