import { Link } from 'react-router-dom';
import { RequireAccess } from '../features/auth/components/RequireAccess';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { isLoggedIn } from '../features/auth/api/types';

/** The portal's landing page: replaced by the project list of the portal. */
export function PortalHome() {
  const { data: user } = useCurrentUser();
  return (
    <RequireAccess checks={['user']}>
      <div className="el-page el-container">
        <h1>Your projects</h1>
        <p>Welcome{isLoggedIn(user) ? `, ${user.first_name}` : ''}. Your projects will appear here.</p>
        <Link to="/">Home</Link>
      </div>
    </RequireAccess>
  );
}

export function AdminHome() {
  return (
    <RequireAccess checks={['admin']}>
      <div className="el-page el-container">
        <h1>Admin dashboard</h1>
        <p>Funds held in escrow, payments and disputes will appear here.</p>
      </div>
    </RequireAccess>
  );
}
