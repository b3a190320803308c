import './header.css';

import { Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { LightButton } from '../../components/LightButton';
import { accountLinkOf } from '../../features/auth/access';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useLogout } from '../../features/auth/api/logout';
import { isLoggedIn } from '../../features/auth/api/types';
import { lazyComponent } from '../../lib/lazy-route';

// The login form (and the UI library it uses) loads only when someone opens it.
const LoginModal = lazyComponent(() => import('../../features/auth/components/LoginModal'));

const HEADER_LINKS = [
  { to: '/promise', label: 'Our Promise' },
  { to: '/escrow', label: 'Escrow Services' },
  { to: '/join', label: 'Join Us' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export function Header() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const loggedIn = isLoggedIn(user);

  return (
    <header className="el-header">
      <div className="el-container el-header__bar">
        <Link to="/" className="el-header__brand" onClick={() => setMenuOpen(false)}>
          <span className="el-header__mark" aria-hidden="true">
            EL
          </span>
          Escrow Ledger
        </Link>
        <button type="button" className="el-header__toggle" aria-expanded={menuOpen} aria-controls="el-main-nav" onClick={() => setMenuOpen((open) => !open)}>
          Menu
        </button>
        <nav id="el-main-nav" className={`el-header__nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="el-header__link" onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
          <span className="el-header__account">
            {loggedIn ? (
              <>
                <NavLink to={accountLinkOf(user)} className="el-header__link" onClick={() => setMenuOpen(false)}>
                  Account
                </NavLink>
                <LightButton onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })} disabled={logout.isPending}>
                  Logout
                </LightButton>
              </>
            ) : (
              <LightButton variant="primary" onClick={() => setLoginOpen(true)}>
                Login
              </LightButton>
            )}
          </span>
        </nav>
      </div>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
