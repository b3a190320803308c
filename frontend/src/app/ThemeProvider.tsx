import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** The one antd theme. Wrapped around the parts that use antd, so the home page need not load it. */
export const theme = {
  token: {
    colorPrimary: '#1d6f42',
    colorLink: '#1d6f42',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
