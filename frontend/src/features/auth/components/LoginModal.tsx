import { Modal } from 'antd';

import { ThemeProvider } from '../../../components/ThemeProvider';
import { LoginForm } from './LoginForm';

/** The header's modal login form; it closes once the user is logged in (docs/product.md#logging-in). */
export default function LoginModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ThemeProvider>
      <Modal open={open} onCancel={onClose} footer={null} title="Log in to Escrow Ledger" destroyOnHidden>
        <LoginForm onLoggedIn={onClose} idPrefix="login-modal" />
      </Modal>
    </ThemeProvider>
  );
}
