import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A controlled dialog: mounted only while open, so its fields start empty every time. */
export function AdminDialog({
  open,
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The confirmation asked before every delete (product.md section 5). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
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
          <Button colorPalette="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </AdminDialog>
  );
}
