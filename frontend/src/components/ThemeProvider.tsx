import type { ThemeConfig } from 'antd';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

import { antdTheme } from '../design/tokens';
import { useMediaQuery } from '../lib/use-media-query';

/** The one antd theme: design/tokens.ts (the same tokens write the CSS custom properties of our own components). */
const theme: ThemeConfig = antdTheme;

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
