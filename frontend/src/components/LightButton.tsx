import './light-controls.css';

import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** antd's button types that the portal's first paint uses: outlined (default), solid primary, link. */
  variant?: 'default' | 'primary' | 'link';
  danger?: boolean;
  size?: 'middle' | 'small';
  /** A spinner before the label; clicks are ignored meanwhile (as antd's Button does). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button with the look of antd's Button under our theme (light-controls.css), without the
 * library: what a screen's first paint shows (the milestone cards' actions) need not load antd's
 * core and its CSS-in-JS. A native <button>, type="button" unless told otherwise.
 */
export function LightButton({
  variant = 'default',
  danger = false,
  size = 'middle',
  loading = false,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: LightButtonProps) {
  const classes = [
    'el-btn',
    variant !== 'default' && `el-btn--${variant}`,
    danger && 'el-btn--danger',
    size === 'small' && 'el-btn--small',
    loading && 'el-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button type={type} className={classes} onClick={click} {...rest}>
      {loading && <span className="el-btn__spinner" aria-hidden="true" />}
      <span>{children}</span>
    </button>
  );
}
