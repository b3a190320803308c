import { RequireAccess } from '../features/auth/components/RequireAccess';

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
