const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';

/**
 * Tab and Shift+Tab go round inside an open modal dialog (the WAI-ARIA dialog pattern). antd's
 * modal brings the focus back once it has left, but lets one Tab past its last control leave the
 * page for the browser's own toolbar; here that Tab goes to its first control instead, and
 * Shift+Tab on its first to its last. Installed once for the app; returns the uninstall.
 */
export function keepTabInsideModals(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const dialog = [...doc.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(shown).at(-1);
    if (!dialog) return;
    const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && shown(el));
    const first = tabbable[0];
    const last = tabbable.at(-1);
    if (!first || !last) return;
    const active = doc.activeElement;
    const inside = active instanceof HTMLElement && dialog.contains(active);
    if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && (active === first || active === dialog || !inside)) {
      event.preventDefault();
      last.focus();
    }
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
