import { Form as AntForm, type FormProps } from 'antd';
import { type ReactNode, useState } from 'react';

import { errorSummary } from './form-summary';

type FinishFailed<Values> = NonNullable<FormProps<Values>['onFinishFailed']>;

/** The form item of a field antd reports by name (its control's id is the name path joined by "_", after the form's name). */
function itemOf(name: (string | number)[], formName: string | undefined): Element | null {
  const id = [formName, ...name].filter((part) => part !== undefined && part !== '').join('_');
  return document.getElementById(id)?.closest('.ant-form-item') ?? null;
}

function labelOf(name: (string | number)[], formName: string | undefined): string {
  return itemOf(name, formName)?.querySelector('.ant-form-item-label label')?.textContent?.trim() || name.join(' ');
}

/**
 * antd focuses the first wrong field by its control's own focus(); a radio group has none. Then
 * its first radio (or other control) takes the focus.
 */
function focusFirstWrong(name: (string | number)[] | undefined, formName: string | undefined) {
  const item = name && itemOf(name, formName);
  if (!item || item.contains(document.activeElement)) return;
  item.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea, select, button, [tabindex="0"]')?.focus();
}

/**
 * antd's Form, with its errors announced. antd 6 shows a field's error under it and ties it to the
 * field (aria-describedby, aria-invalid) but no longer as a live region, so a screen reader hears
 * nothing when a submit fails. Here a failed submit moves the focus to the first wrong field (the
 * theme's `scrollToFirstError`: it is read with its error) and says in a polite live region,
 * present before anything is said in it, how many fields need correcting and which. The summary
 * names the fields, not their errors, so an error's words appear once on the page.
 */
function AnnouncedForm<Values = unknown>({ onFinishFailed, onFinish, children, ...props }: Omit<FormProps<Values>, 'children'> & { children?: ReactNode }) {
  const [said, setSaid] = useState('');
  const failed: FinishFailed<Values> = (info) => {
    const text = errorSummary(info.errorFields.map((f) => labelOf(f.name, props.name)));
    // The same words twice in a row change nothing in the page: alternate a trailing space so they are said again.
    setSaid((before) => (before === text ? `${text}\u00a0` : text));
    onFinishFailed?.(info);
    // After antd's own attempt, which follows this call.
    setTimeout(() => focusFirstWrong(info.errorFields[0]?.name, props.name), 0);
  };
  return (
    <AntForm<Values>
      {...props}
      onFinishFailed={failed}
      onFinish={(values) => {
        setSaid('');
        onFinish?.(values);
      }}
    >
      {children}
      <p role="status" className="el-visually-hidden">
        {said}
      </p>
    </AntForm>
  );
}

/** Use in place of antd's Form: the same statics (Item, useForm, useWatch …), the announcing form itself. */
export const Form = Object.assign(AnnouncedForm, {
  Item: AntForm.Item,
  List: AntForm.List,
  ErrorList: AntForm.ErrorList,
  Provider: AntForm.Provider,
  useForm: AntForm.useForm,
  useWatch: AntForm.useWatch,
  useFormInstance: AntForm.useFormInstance,
});
