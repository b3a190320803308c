import type { ThemeConfig } from 'antd';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

import { useMediaQuery } from '../lib/use-media-query';

/** Text that must read at 4.5:1 on white and on antd's light greys (#fafafa, #f5f5f5): 0.6 black is #666 (5.3:1 on #f5f5f5). */
const READABLE_GREY = 'rgba(0, 0, 0, 0.6)';
/** The focus ring: darker than the primary green, so it shows around a primary button and reads at 10:1 on white. */
const FOCUS = '#104a2c';

/**
 * Tag text (shade 7 of each preset palette) one or two shades darker where antd's is under 4.5:1
 * on the shade 1 fill. antd names each shade twice (`green7`, `green-7`) and both become the one
 * CSS variable `--ant-green-7`, so both are set.
 */
const TAG_TEXT = Object.fromEntries(
  Object.entries({ volcano: '#ad2102', orange: '#ad4e00', gold: '#874d00', yellow: '#876800', lime: '#3f6600', green: '#237804', cyan: '#006d75' }).flatMap(
    ([preset, colour]) => [
      [`${preset}7`, colour],
      [`${preset}-7`, colour],
    ],
  ),
);

/**
 * The one antd theme. Wrapped around the parts that use antd, so the home page need not load it.
 *
 * Contrast (WCAG 2.1 AA, 1.4.3 and 1.4.11) is fixed here, at the tokens, rather than screen by
 * screen: antd's default greys (#8c8c8c descriptions and extras, #bfbfbf placeholders and empty
 * tables), its red (#ff4d4f on danger buttons) and the text shade of its preset tag colours (green,
 * gold, orange, cyan… at 2.7–3.4:1 on their own light fill) are below 4.5:1, and its focus ring
 * (the pale primary border) is too faint to find. See docs/frontend.md, "Accessibility".
 */
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d6f42',
    colorLink: '#1d6f42',
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorTextTertiary: READABLE_GREY,
    colorTextDescription: READABLE_GREY,
    colorTextPlaceholder: READABLE_GREY,
    // Focus: buttons, tabs, radios, checkboxes and links draw `lineWidthFocus` of colorPrimaryBorder;
    // inputs and selects a `controlOutlineWidth` shadow of controlOutline beside their primary border.
    colorPrimaryBorder: FOCUS,
    lineWidthFocus: 3,
    controlOutline: FOCUS,
    controlOutlineWidth: 2,
    ...TAG_TEXT,
  },
  components: {
    // An empty table says so in colorTextDisabled (#bfbfbf); here it is a message to read, not a disabled control.
    Table: { colorTextDisabled: READABLE_GREY },
  },
};

/**
 * The theme for people who asked their system for less motion (WCAG 2.1, 2.3.3). antd's own
 * stylesheet drops its animations under the preference, but not on a component's first
 * appearance before its styles are in (seen on a loaded machine): with motion off in the theme,
 * dialogs, drawers, menus and messages never animate.
 */
const reducedMotionTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

/**
 * `bare`: no box of its own in the page (antd's App draws a div with the text styles), for what
 * antd draws elsewhere, in a portal: a dialog loaded on first use (components/LazyDialog).
 */
export function ThemeProvider({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    // A submit that fails validation moves the focus to the first wrong field, which is read with its error.
    <ConfigProvider theme={reducedMotion ? reducedMotionTheme : theme} form={{ scrollToFirstError: { focus: true, block: 'center' } }}>
      <AntApp component={bare ? false : 'div'}>{children}</AntApp>
    </ConfigProvider>
  );
}
