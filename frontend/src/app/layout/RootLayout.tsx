import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import type { NoticeState } from '../../features/auth/components/RequireAccess';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Header and footer around every page, except on paths containing "signed/" (spec §2). A notice
 * carried by a redirect (why someone was logged out, why the login page opened) shows on top.
 */
export function RootLayout() {
  const location = useLocation();
  const bare = location.pathname.includes('signed/');
  const notice = (location.state as NoticeState | null)?.notice;
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <>
      {!bare && <Header />}
      <main id="main">
        {notice && dismissed !== location.key && (
          <div className="el-container" style={{ paddingTop: 16 }}>
            <Notice tone="warning" onClose={() => setDismissed(location.key)}>
              {notice}
            </Notice>
          </div>
        )}
        <Outlet />
      </main>
      {!bare && <Footer />}
      <ScrollRestoration />
    </>
  );
}
