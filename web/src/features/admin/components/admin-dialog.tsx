import { Button, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DialogProps } from './dialog-frame';

// Chakra's dialog (its state machine, focus trap, scroll lock and portal) was most of the back office's
// first download, and each always-mounted dialog built its machine on the first render: it loads when
// a dialog first opens instead.
const DialogFrame = lazy(() => import('./dialog-frame').then((module) => ({ default: module.DialogFrame })));

/**
 * A controlled dialog: nothing until it first opens; from then on Chakra's dialog, which mounts its
 * content only while open, so its fields start empty every time.
 */
export function AdminDialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  );
}

/**
 * The confirmation asked before every delete (product.md section 5) and before money moves (approve,
 * confirm): what is about to happen, Cancel, and the action.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  confirmPalette = 'red',
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** red for deletes; blue (white on it reads at 4.5:1, unlike green) for money moves */
  confirmPalette?: 'red' | 'blue';
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AdminDialog
      open={open}
      title={title}
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button colorPalette={confirmPalette} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
    </AdminDialog>
  );
}
