import './light-form.css';

import { type InputHTMLAttributes, type ReactNode, type Ref, useRef, useState } from 'react';

import { EyeInvisibleOutlinedIcon, EyeOutlinedIcon } from './form-icons';

/**
 * antd's vertical Form.Item under our theme (light-form.css, from the design tokens), without the
 * library: the label above the control, the error in the space below it (`${id}_help`, which the
 * control names in aria-describedby). `tight`: an alert follows, so the item keeps only a small gap.
 * With LightInput and LightPassword, the only form fields drawn outside antd.
 */
export function LightFormItem({
  id,
  label,
  error,
  tight = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  tight?: boolean;
  children: ReactNode;
}) {
  const classes = ['el-form-item', error && 'el-form-item--with-help', tight && !error && 'el-form-item--tight'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className="el-form-item__label">
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      {error && (
        <div className="el-form-item__help">
          <div id={`${id}_help`} className="el-form-item__error">
            {error}
          </div>
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { invalid?: boolean; ref?: Ref<HTMLInputElement> };

/** antd's Input under our theme, a native <input>. */
export function LightInput({ invalid = false, ...rest }: InputProps) {
  return <input className={invalid ? 'el-input el-input--error' : 'el-input'} {...rest} />;
}

/**
 * antd's Input.Password under our theme: the eye is a real button (Show / Hide, aria-pressed) and
 * a click anywhere in the box puts the caret in the field, as antd's does.
 */
export function LightPassword({ invalid = false, ref, ...rest }: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <span className={invalid ? 'el-input-affix el-input--error' : 'el-input-affix'} onClick={() => input.current?.focus()}>
      <input
        {...rest}
        ref={(element) => {
          input.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        type={shown ? 'text' : 'password'}
      />
      <span className="el-input-affix__suffix">
        <button
          type="button"
          className="el-input-affix__toggle"
          aria-pressed={shown}
          aria-label={shown ? 'Hide' : 'Show'}
          // The focus stays in the field when the mouse shows the password.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setShown((before) => !before)}
        >
          {shown ? <EyeOutlinedIcon /> : <EyeInvisibleOutlinedIcon />}
        </button>
      </span>
    </span>
  );
}
