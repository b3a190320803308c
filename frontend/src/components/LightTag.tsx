import './light-controls.css';

import type { CSSProperties, ReactNode } from 'react';

/** antd's preset colours that our screens use, and the dark grey of the "dark" status (docs/product.md#status-colours). */
export type TagColour = 'green' | 'red' | 'gold' | 'blue' | 'geekblue' | 'dark';

/**
 * A status in words on a light fill, with the look of antd's Tag (v6, "filled") under our theme,
 * without the library. Each text reads at 4.5:1 on its fill (the theme's darker shade 7 for green
 * and gold, see ThemeProvider).
 */
export function LightTag({
  colour,
  children,
  style,
  ...rest
}: {
  colour?: TagColour;
  children: ReactNode;
  style?: CSSProperties;
  'data-colour'?: string;
  'data-testid'?: string;
}) {
  return (
    <span className={colour ? `el-badge el-badge--${colour}` : 'el-badge'} style={style} {...rest}>
      {children}
    </span>
  );
}
