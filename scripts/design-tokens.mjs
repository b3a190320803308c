#!/usr/bin/env node
// Writes frontend/src/design/tokens.css, the CSS custom properties of the design tokens, from
// frontend/src/design/tokens.ts and antd's own theme algorithm run on its `antdTheme`: a light
// component's hover green, a tag's fill, a button's padding are the values antd computes for its
// own components under the same theme, never copied by hand. `--check` (the lint suite of
// scripts/run-tests.mjs) fails when the file is stale or when the spacing, radius and type scales
// of tokens.ts no longer agree with antd's.
//
// Names: `--el-<antd token in kebab case>` for antd's global tokens (colorPrimaryHover →
// --el-color-primary-hover), `--el-<component>-<token>` for a component's (Button paddingInline →
// --el-button-padding-inline), `--el-space-*`, `--el-radius-*`, `--el-font-size-*` for the scales
// and `--el-<name>` for the brand colours of tokens.ts (`colour.ink` → --el-ink).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const frontend = join(root, 'frontend');
const source = join(frontend, 'src/design/tokens.ts');
const out = join(frontend, 'src/design/tokens.css');
const requireFrontend = createRequire(join(frontend, 'package.json'));

/** tokens.ts holds no runtime import (only antd's types): transpiled alone, it loads as it is. */
async function loadTokens() {
  const ts = requireFrontend('typescript');
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}

const kebab = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
const UNITLESS = /^(lineHeight|fontWeight|opacity|zIndex)/;
const css = (name, value) =>
  typeof value === 'number' && !UNITLESS.test(name) ? (value === 0 ? '0' : `${value}px`) : String(value).replace(/\s+/g, ' ').trim();

/** antd's global tokens that our CSS reads. */
const GLOBAL = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorPrimaryBorderHover',
  'colorLinkHover',
  'colorLinkActive',
  'colorError',
  'colorErrorHover',
  'colorErrorActive',
  'colorErrorBg',
  'colorErrorBorder',
  'colorErrorBorderHover',
  'colorErrorOutline',
  'colorWarning',
  'colorWarningBg',
  'colorWarningBorder',
  'colorSuccess',
  'colorSuccessBg',
  'colorSuccessBorder',
  'colorInfo',
  'colorInfoBg',
  'colorInfoBorder',
  'colorText',
  'colorTextSecondary',
  'colorTextDescription',
  'colorTextDisabled',
  'colorTextLightSolid',
  'colorIcon',
  'colorIconHover',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'colorFill',
  'colorFillContent',
  'colorFillSecondary',
  'colorFillTertiary',
  'colorFillQuaternary',
  'colorFillAlter',
  'colorBgContainer',
  'colorBgContainerDisabled',
  'colorBgLayout',
  'controlHeight',
  'controlHeightSM',
  'controlHeightLG',
  'controlOutline',
  'controlOutlineWidth',
  'lineWidth',
  'lineWidthBold',
  'lineWidthFocus',
  'fontFamily',
  'fontSizeIcon',
  'fontWeightStrong',
  'lineHeight',
  'lineHeightSM',
  'lineHeightLG',
  'motionDurationFast',
  'motionDurationMid',
  'motionDurationSlow',
  'motionEaseInOut',
];

/** Shades of antd's preset palettes a tag or a text of ours draws with: 1 fill, 3 border, 6 solid, 7 text. */
const PALETTES = ['blue', 'geekblue', 'purple', 'cyan', 'green', 'lime', 'gold', 'orange', 'volcano', 'red', 'magenta'];
const SHADES = [1, 3, 6, 7];

/** Component tokens, from each component's own token preparation in antd (its `theme.components` override applied). */
const COMPONENTS = {
  Button: {
    module: 'antd/lib/button/style/token',
    tokens: [
      'paddingInline',
      'paddingInlineSM',
      'paddingInlineLG',
      'iconGap',
      'defaultShadow',
      'primaryShadow',
      'dangerShadow',
      'contentFontSizeLG',
      'fontWeight',
    ],
  },
  Tag: { module: 'antd/lib/tag/style', tokens: ['defaultBg', 'defaultColor'] },
  Alert: { module: 'antd/lib/alert/style', tokens: ['defaultPadding', 'withDescriptionPadding', 'withDescriptionIconSize', 'borderRadius'] },
  Tabs: {
    module: 'antd/lib/tabs/style',
    tokens: [
      'horizontalItemGutter',
      'horizontalItemPadding',
      'horizontalMargin',
      'itemColor',
      'itemSelectedColor',
      'itemHoverColor',
      'itemActiveColor',
      'inkBarColor',
      'titleFontSize',
    ],
  },
  Table: {
    module: 'antd/lib/table/style',
    tokens: [
      'headerBg',
      'headerColor',
      'headerSplitColor',
      'headerSortActiveBg',
      'headerSortHoverBg',
      'bodySortBg',
      'headerIconColor',
      'headerIconHoverColor',
      'rowHoverBg',
      'borderColor',
      'cellPaddingBlock',
      'cellPaddingInline',
      'cellPaddingBlockSM',
      'cellPaddingInlineSM',
      'headerBorderRadius',
      'cellFontSize',
      'colorTextDisabled',
    ],
  },
  Input: {
    module: 'antd/lib/input/style/token',
    prepare: 'initComponentToken',
    tokens: ['paddingBlock', 'paddingInline', 'hoverBorderColor', 'activeBorderColor', 'activeShadow', 'errorActiveShadow', 'inputFontSize'],
  },
  Form: { module: 'antd/lib/form/style', tokens: ['itemMarginBottom', 'verticalLabelPadding', 'labelColor', 'labelFontSize'] },
  Spin: { module: 'antd/lib/spin/style', tokens: ['dotSize', 'dotSizeSM', 'dotSizeLG'] },
  Card: { module: 'antd/lib/card/style', tokens: ['headerHeight', 'headerFontSize', 'headerPadding', 'bodyPadding', 'headerPaddingSM', 'bodyPaddingSM'] },
};

/** The scales of tokens.ts against the antd tokens they must equal. */
const SCALES = {
  space: { xxs: 'paddingXXS', xs: 'paddingXS', sm: 'paddingSM', base: 'padding', md: 'paddingMD', lg: 'paddingLG', xl: 'paddingXL', xxl: 'marginXXL' },
  radius: { xs: 'borderRadiusXS', sm: 'borderRadiusSM', base: 'borderRadius', lg: 'borderRadiusLG' },
  fontSize: {
    sm: 'fontSizeSM',
    base: 'fontSize',
    lg: 'fontSizeLG',
    xl: 'fontSizeXL',
    h5: 'fontSizeHeading5',
    h4: 'fontSizeHeading4',
    h3: 'fontSizeHeading3',
    h2: 'fontSizeHeading2',
    h1: 'fontSizeHeading1',
  },
};

export async function designTokensCss() {
  const tokens = await loadTokens();
  const { theme } = requireFrontend('antd');
  const { FastColor } = requireFrontend('@ant-design/fast-color');
  const global = theme.getDesignToken(tokens.antdTheme);

  const problems = [];
  for (const [scale, names] of Object.entries(SCALES))
    for (const [key, antdName] of Object.entries(names))
      if (tokens[scale][key] !== global[antdName]) problems.push(`${scale}.${key} is ${tokens[scale][key]}, antd's ${antdName} is ${global[antdName]}`);
  if (problems.length) throw new Error(`tokens.ts and antd's theme disagree:\n  ${problems.join('\n  ')}`);

  const lines = [];
  const add = (name, value) => lines.push(`  --el-${name}: ${value};`);
  const section = (title) => lines.push(`  /* ${title} */`);

  section('Brand colours and neutrals of our own pages (tokens.ts `colour`)');
  for (const [name, value] of Object.entries(tokens.colour)) add(kebab(name), value);
  section('Chart series (tokens.ts `chart`)');
  for (const [name, value] of Object.entries(tokens.chart)) add(`chart-${kebab(name)}`, value);
  section('Spacing, radii, type (tokens.ts, equal to antd’s scales)');
  for (const [name, value] of Object.entries(tokens.space)) add(`space-${name}`, css('space', value));
  for (const [name, value] of Object.entries(tokens.radius)) add(`radius-${name}`, css('radius', value));
  for (const [name, value] of Object.entries(tokens.fontSize)) add(`font-size-${name}`, css('fontSize', value));
  add('font-family-document', tokens.documentFontFamily);
  section('antd’s global tokens under antdTheme');
  for (const name of GLOBAL) add(kebab(name), css(name, global[name]));
  section('antd’s palettes: 1 fill, 3 border, 6 solid, 7 text');
  for (const palette of PALETTES) for (const shade of SHADES) add(`${palette}-${shade}`, global[`${palette}${shade}`]);
  section('Custom tag colours: the colour on itself at 95 % lightness, as antd’s Tag fills them');
  for (const [name, value] of Object.entries(tokens.tagCustom)) {
    const hsl = new FastColor(value).toHsl();
    add(`tag-${name}-color`, value);
    add(`tag-${name}-bg`, new FastColor({ ...hsl, l: 0.95 }).toHexString());
  }
  for (const [component, { module, prepare = 'prepareComponentToken', tokens: names }] of Object.entries(COMPONENTS)) {
    section(`antd’s ${component}`);
    const own = requireFrontend(module)[prepare](global);
    const merged = { ...global, ...own, ...(tokens.antdTheme.components?.[component] ?? {}) };
    for (const name of names) {
      if (merged[name] === undefined) throw new Error(`antd's ${component} has no token ${name}`);
      add(`${kebab(component)}-${kebab(name)}`, css(name, merged[name]));
    }
  }
  return `/* Generated by scripts/design-tokens.mjs from tokens.ts and antd's theme algorithm: do not edit. */\n:root {\n${lines.join('\n')}\n}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await designTokensCss();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error('frontend/src/design/tokens.css is stale: run `node scripts/design-tokens.mjs` and commit it.');
      process.exit(1);
    }
    console.log('tokens.css is up to date');
  } else {
    writeFileSync(out, text);
    console.log(`wrote ${text.split('\n').filter((l) => l.includes('--el-')).length} custom properties to ${out}`);
  }
}
