import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';

import { Notice } from '../../components/Notice';
import { space } from '../../design/tokens';
import type { NoticeState } from '../../features/auth/components/RequireAccess';
import { SecurityPromptHost } from '../../features/security/components/SecurityPromptHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';
import { UpdatingNotice } from './UpdatingNotice';

/**
 * Header and footer around every page, except on paths containing "signed/" (docs/product.md#header-and-footer). A notice
 * carried by a redirect (why someone was logged out, why the login page opened) shows on top.
 */
export function RootLayout() {
  const location = useLocation();
  const bare = location.pathname.includes('signed/');
  const notice = (location.state as NoticeState | null)?.notice;
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <>
      <RouteAnnouncer />
      <UpdatingNotice />
      {/* The first stop of the Tab key (WCAG 2.4.1): past the header's links to the page itself. */}
      <a
        href="#main"
        className="el-skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to main content
      </a>
      {!bare && <Header />}
      <main id="main" tabIndex={-1}>
        {notice && dismissed !== location.key && (
          <div className="el-container" style={{ paddingTop: space.base }}>
            <Notice tone="warning" onClose={() => setDismissed(location.key)}>
              {notice}
            </Notice>
          </div>
        )}
        <Outlet />
      </main>
      {!bare && <Footer />}
      <SecurityPromptHost />
      <ScrollRestoration />
    </>
  );
}
