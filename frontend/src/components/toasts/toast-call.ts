export type MessageLevel = 'success' | 'error' | 'info' | 'warning';

/** One call on antd's message or notification API, waiting for antd if it has not loaded yet. */
export interface ToastCall {
  api: 'message' | 'notification';
  level: MessageLevel;
  args: unknown[];
}

export type ToastSink = (call: ToastCall) => void;
