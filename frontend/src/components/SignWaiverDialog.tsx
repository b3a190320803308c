import { lazyDialog } from './lazy-antd';
import type { SignWaiverDialogProps } from './sign-waiver-props';

// antd's Modal and Input load when a waiver is first opened, not with the milestone card.
const SignWaiverModal = lazyDialog(() => import('./SignWaiverModal'));

/**
 * Reading and signing one lien waiver: its whole text, then the signer's own legal name typed
 * (the API checks both the name and that the text is the one read, by its SHA-256).
 */
export function SignWaiverDialog(props: SignWaiverDialogProps) {
  return <SignWaiverModal {...props} open={props.waiver !== null} />;
}

SignWaiverDialog.preload = SignWaiverModal.preload;
