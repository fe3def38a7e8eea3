import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/**
 * Chakra's dialog, controlled: its content is mounted only while open, so its fields start empty every
 * time. Loaded when a dialog first opens (admin-dialog.tsx).
 */
export function DialogFrame({ open, title, onClose, children, footer, role = 'dialog' }: DialogProps) {
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
