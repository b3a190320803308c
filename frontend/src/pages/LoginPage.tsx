import { Link, useSearchParams } from 'react-router-dom';

import { space } from '../design/tokens';
import { LoginForm } from '../features/auth/components/LoginForm';

/**
 * /login (docs/product.md#public-pages): its own route module, without antd. The other form pages (FormPages.tsx) load
 * antd's Form with the theme; the login form is plain elements (LoginForm), so this page draws the
 * form pages' box and antd's App text itself (el-app-text).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  return (
    <div className="el-app-text">
      <div className="el-page el-container" style={{ maxWidth: 560 }}>
        <h1>Log in</h1>
        <p className="el-muted">Owners and contractors log in here to see their projects.</p>
        <LoginForm next={params.get('next')} />
        <p style={{ marginTop: space.base }}>
          New here? <Link to="/new">Create an owner account</Link> or <Link to="/apply">apply as a contractor</Link>.
        </p>
      </div>
    </div>
  );
}
