import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header and footer around every page, except on paths containing "signed/" (spec §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const bare = pathname.includes('signed/');
  return (
    <>
      {!bare && <Header />}
      <main id="main">
        <Outlet />
      </main>
      {!bare && <Footer />}
      <ScrollRestoration />
    </>
  );
}
