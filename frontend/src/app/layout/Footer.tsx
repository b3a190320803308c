import './footer.css';

import { Link } from 'react-router-dom';

import { seal } from '../../design/tokens';
import { accountLinkOf } from '../../features/auth/access';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';

/** Footer columns of docs/product.md#header-and-footer: navigation (promise, escrow, join) and general. */
export function Footer() {
  const { data: user } = useCurrentUser();
  const account = isLoggedIn(user) ? accountLinkOf(user) : '/login';
  return (
    <footer className="el-footer">
      <div className="el-container el-footer__grid">
        <div>
          <p className="el-footer__brand">Escrow Ledger</p>
          <p className="el-footer__tagline">Project funds held safely in escrow and released milestone by milestone, when both sides agree the work is done.</p>
        </div>
        <nav aria-label="Navigation">
          <h2 className="el-footer__heading">Navigation</h2>
          <ul>
            <li>
              <Link to="/promise">Our Promise</Link>
            </li>
            <li>
              <Link to="/escrow">Escrow Services</Link>
            </li>
            <li>
              <Link to="/join">Join Us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="General">
          <h2 className="el-footer__heading">General</h2>
          <ul>
            <li>
              <Link to={account}>Account</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/delete-my-account">Delete My Account</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <div className="el-footer__seal">
          {/* The name starts with the words the seal shows (WCAG 2.5.3): speech users say what they see. */}
          <a href="https://www.bbb.org/" target="_blank" rel="noreferrer">
            <span className="el-visually-hidden">BBB Accredited Business: the Better Business Bureau seal (opens in a new tab)</span>
            <svg width="150" height="58" viewBox="0 0 150 58" aria-hidden="true" focusable="false">
              <rect x="1" y="1" width="148" height="56" rx="8" fill={seal.white} stroke={seal.blue} strokeWidth="2" />
              <rect x="8" y="9" width="40" height="40" rx="6" fill={seal.blue} />
              <text x="28" y="35" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="15" fontWeight="700" fill={seal.white}>
                BBB
              </text>
              <text x="56" y="26" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" fill={seal.blue}>
                ACCREDITED
              </text>
              <text x="56" y="41" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" fill={seal.blue}>
                BUSINESS
              </text>
            </svg>
          </a>
        </div>
      </div>
      <div className="el-container el-footer__legal">
        © {new Date().getFullYear()} Escrow Ledger. Funds are held in a segregated escrow account and move only on the events you can see in your project's
        history.
      </div>
    </footer>
  );
}
