import type { InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { Suspense } from 'react';

import { lazyComponent } from '../lib/lazy-route';

// antd's Input (~22 KB gzip with TextArea, OTP and their styles) is only in dialogs on the pages
// that use these: it loads when a dialog first shows a field, not with the page.
const InputChunk = lazyComponent<InputProps>(() => import('antd/es/input').then((m) => ({ default: m.default })));
const TextAreaChunk = lazyComponent<TextAreaProps>(() => import('antd/es/input').then((m) => ({ default: m.default.TextArea })));

/** Where the field will be, its size, while its code loads: nothing moves when it arrives. */
function FieldPlaceholder({ height }: { height: number }) {
  return <span className="el-field-placeholder" style={{ height }} aria-hidden="true" />;
}

/** antd's Input, loaded on first render. */
export function LazyInput(props: InputProps) {
  return (
    <Suspense fallback={<FieldPlaceholder height={32} />}>
      <InputChunk {...props} />
    </Suspense>
  );
}

/** antd's Input.TextArea, loaded on first render; the placeholder takes the height of its rows. */
export function LazyTextArea(props: TextAreaProps) {
  return (
    <Suspense fallback={<FieldPlaceholder height={22 * (typeof props.rows === 'number' ? props.rows : 2) + 10} />}>
      <TextAreaChunk {...props} />
    </Suspense>
  );
}
