import './light-tag.css';

import type { CSSProperties, ReactNode } from 'react';

/** antd's preset colours, and the dark grey of the "dark" status (docs/product.md#status-colours) (tokens.ts `tagCustom`). */
export type TagColour = 'blue' | 'geekblue' | 'purple' | 'cyan' | 'green' | 'gold' | 'orange' | 'volcano' | 'red' | 'magenta' | 'dark';

/**
 * A status in words on a light fill: antd's Tag (v6, "filled") under our theme, without the
 * library (light-tag.css, from the design tokens). Each text reads at 4.5:1 on its fill (the
 * theme's darker shade 7, design/tokens.ts `tagText`). The only tag drawn outside antd.
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
    <span className={colour ? `el-tag el-tag--${colour}` : 'el-tag'} style={style} {...rest}>
      {children}
    </span>
  );
}
