import type { ThemeConfig } from 'antd';

/**
 * The one source of the app's look (house style rule 16). Everything drawn takes its colours,
 * spacing, radii and type scale from here, by one of two roads:
 *
 * - antd, through `antdTheme` (ThemeProvider hands it to ConfigProvider);
 * - our own CSS, through the custom properties of `tokens.css`, which scripts/design-tokens.mjs
 *   writes from this file and from antd's theme algorithm run on `antdTheme` (so a light
 *   component's hover green is the very colour antd derives for its own Button), and which the lint
 *   suite checks is not stale (`node scripts/design-tokens.mjs --check`);
 * - a component's inline style, which imports the scales below (`space.sm`, never `12`).
 *
 * No colour, spacing, radius or font size is written anywhere else: ESLint (eslint.config.mjs,
 * "design tokens") and stylelint (.stylelintrc.json) refuse them outside this file and tokens.css.
 * docs/frontend.md, "One look", says which component draws which control.
 */

/** The theme's brand colours and the neutrals of our own pages (header, footer, cards, forms). */
export const colour = {
  primary: '#1d6f42',
  /** Hover of our own filled surfaces (the admin menu's current item, prices). */
  primaryDark: '#14532f',
  /**
   * The focus ring: darker than the primary green, so it shows around a primary button and reads
   * at 10:1 on white. antd draws it too (colorPrimaryBorder, controlOutline below).
   */
  focus: '#104a2c',
  /** antd's colorError #ff4d4f reads at 3.9:1 on white (danger buttons); this one at 5.6:1. */
  error: '#cf1322',
  ink: '#1f2a24',
  muted: '#5b6760',
  /** Text that must read at 4.5:1 on white and on antd's light greys (#fafafa, #f5f5f5): 0.6 black is #666 (5.3:1 on #f5f5f5). */
  readableGrey: 'rgba(0, 0, 0, 0.6)',
  border: '#d9e2dc',
  surface: '#f5f8f6',
  white: '#ffffff',
  /** The dark band of the footer and the hero, and the words on it. */
  night: '#13261b',
  nightText: '#d7e4db',
  nightHeading: '#9fc3ac',
  nightSmallPrint: '#9fb3a6',
  nightRule: '#28432f',
  heroText: '#dcefe3',
  /** A light veil on the dark hero (a ghost button's hover). */
  heroVeil: 'rgba(255, 255, 255, 0.12)',
} as const;

/**
 * Tag text (shade 7 of each preset palette) one or two shades darker where antd's is under 4.5:1
 * on the shade 1 fill; the same shades colour warning text of our own (`--el-gold-7`).
 */
export const tagText = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
} as const;

/** A tag's custom colour that is no antd preset: the "dark" status of docs/product.md#status-colours (antd fills it with the colour at 95 % lightness). */
export const tagCustom = { dark: '#333333' } as const;

/**
 * Chart series, each at 3:1 or more on white (WCAG 1.4.11) and told apart by a pattern as well
 * (features/admin/components/ChartPatterns).
 */
export const chart = {
  green: '#1d6f42',
  teal: '#2a7f8e',
  amber: '#a86a00',
  brick: '#8e3b2f',
  slate: '#5b6760',
  /** The marks drawn over a series' colour. */
  mark: '#ffffff',
} as const;

/** A third party's mark, drawn in its own colours (the footer's BBB seal). */
export const seal = { blue: '#0b5c8a', white: '#ffffff' } as const;

/**
 * Spacing: antd's scale (sizeUnit 4, sizeStep 4 give paddingXXS … marginXXL), so a gap of ours
 * and one of antd's are the same steps; design-tokens.mjs checks they still agree. `xxxl` is ours,
 * for the public pages' bands.
 */
export const space = { xxs: 4, xs: 8, sm: 12, base: 16, md: 20, lg: 24, xl: 32, xxl: 48, xxxl: 64 } as const;

/** Radii: antd's (derived from `borderRadius` 8), and a pill for round badges. */
export const radius = { xs: 2, sm: 6, base: 8, lg: 10, pill: 999 } as const;

/**
 * The type scale: antd's (fontSizeSM, fontSize, fontSizeLG, fontSizeXL, the headings from
 * fontSize 14), and `display`, ours, for the home page's first heading.
 */
export const fontSize = { sm: 12, base: 14, lg: 16, xl: 20, h5: 16, h4: 20, h3: 24, h2: 30, h1: 38, display: 44 } as const;

export const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const documentFontFamily = "Georgia, 'Times New Roman', serif";

/** Breakpoints of docs/product.md#layout (CSS media queries cannot read custom properties: global.css repeats them). */
export const breakpoint = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/**
 * The antd theme. Contrast (WCAG 2.1 AA, 1.4.3 and 1.4.11) is fixed here, at the tokens, rather
 * than screen by screen: antd's default greys (#8c8c8c descriptions and extras, #bfbfbf
 * placeholders and empty tables), its red (#ff4d4f on danger buttons) and the text shade of its
 * preset tag colours (green, gold, orange, cyan… at 2.7–3.4:1 on their own light fill) are below
 * 4.5:1, and its focus ring (the pale primary border) is too faint to find. See docs/frontend.md,
 * "Accessibility".
 */
export const antdTheme = {
  token: {
    colorPrimary: colour.primary,
    colorLink: colour.primary,
    colorError: colour.error,
    borderRadius: radius.base,
    fontSize: fontSize.base,
    sizeUnit: space.xxs,
    sizeStep: space.xxs,
    fontFamily,
    colorTextTertiary: colour.readableGrey,
    colorTextDescription: colour.readableGrey,
    colorTextPlaceholder: colour.readableGrey,
    // Focus: buttons, tabs, radios, checkboxes and links draw `lineWidthFocus` of colorPrimaryBorder;
    // inputs and selects a `controlOutlineWidth` shadow of controlOutline beside their primary border.
    colorPrimaryBorder: colour.focus,
    lineWidthFocus: 3,
    controlOutline: colour.focus,
    controlOutlineWidth: 2,
    // antd names each palette shade twice (`green7`, `green-7`) and both become the one CSS
    // variable `--ant-green-7`, so both are set.
    ...Object.fromEntries(
      Object.entries(tagText).flatMap(([preset, text]) => [
        [`${preset}7`, text],
        [`${preset}-7`, text],
      ]),
    ),
  },
  components: {
    // An empty table says so in colorTextDisabled (#bfbfbf); here it is a message to read, not a disabled control.
    Table: { colorTextDisabled: colour.readableGrey },
  },
} satisfies ThemeConfig;
