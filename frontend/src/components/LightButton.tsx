import './light-button.css';

import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

import { LoadingOutlinedIcon } from './loading-icon';

/** antd's Button props that our screens use: its look, size and width. */
export interface ButtonLook {
  /** antd's `type`: outlined (default), solid primary, link. */
  variant?: 'default' | 'primary' | 'link';
  danger?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** As wide as its box (antd's `block`). */
  block?: boolean;
}

export interface LightButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** A spinner before the label; clicks are ignored meanwhile (as antd's Button does). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

function buttonClass({ variant = 'default', danger = false, size = 'middle', block = false }: ButtonLook, ...more: (string | false | undefined)[]) {
  return [
    'el-btn',
    variant !== 'default' && `el-btn--${variant}`,
    danger && 'el-btn--danger',
    size !== 'middle' && `el-btn--${size}`,
    block && 'el-btn--block',
    ...more,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * antd's Button under our theme (light-button.css, from the design tokens), without the library:
 * what a screen's first paint shows need not load antd's core and its CSS-in-JS. A native
 * <button>, type="button" unless told otherwise. The only button drawn outside antd
 * (docs/frontend.md, "One look").
 */
export function LightButton({ variant, danger, size, block, loading = false, className, type = 'button', onClick, children, ...rest }: LightButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button type={type} className={buttonClass({ variant, danger, size, block }, loading && 'el-btn--loading', className)} onClick={click} {...rest}>
      {loading && (
        <span className="el-btn__icon">
          <LoadingOutlinedIcon />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}

type LinkButtonProps = ButtonLook & { children: ReactNode; className?: string } & (
    | ({ to: LinkProps['to'] } & Omit<LinkProps, 'to' | 'className'>)
    | ({ href: string; to?: undefined } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'>)
  );

/**
 * A link that looks like a button (antd's Button with `href`): a route of the app (`to`, React
 * Router's Link) or any address (`href`, a file to download).
 */
export function LightButtonLink({ variant, danger, size, block, className, children, ...rest }: LinkButtonProps) {
  const classes = buttonClass({ variant, danger, size, block }, className);
  if (rest.to !== undefined)
    return (
      <Link className={classes} {...(rest as LinkProps)}>
        <span>{children}</span>
      </Link>
    );
  return (
    <a className={classes} {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}>
      <span>{children}</span>
    </a>
  );
}
