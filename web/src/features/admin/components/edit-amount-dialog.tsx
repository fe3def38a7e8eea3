import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { formatUsd, MIN_WITHDRAWAL } from '@savings/contracts';
import { useState } from 'react';
import { editableAmount } from '../utils/amounts';
import { AdminDialog } from './admin-dialog';

/**
 * The edit dialog of a pending withdrawal or deposit request: the customer, the current amount, a new
 * one of at least 1000 (Update Amount stays disabled below it).
 */
export function EditAmountDialog({
  title,
  userName,
  amount,
  minimumMessage,
  pending,
  onSave,
  onClose,
}: {
  title: string;
  userName: string;
  amount: number;
  /** the rule broken below the minimum, e.g. "Minimum withdrawal amount is $1,000" */
  minimumMessage: string;
  pending: boolean;
  onSave: (amount: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(String(amount));
  const valid = editableAmount(text);
  return (
    <AdminDialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => valid !== null && onSave(valid)} disabled={valid === null} loading={pending}>
            Update Amount
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>User: {userName}</Text>
        <Text>Current amount: {formatUsd(amount)}</Text>
        <Field.Root invalid={text !== '' && valid === null}>
          <Field.Label>New Amount</Field.Label>
          <Input
            type="number"
            min={MIN_WITHDRAWAL}
            step="0.01"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Field.ErrorText>{minimumMessage}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AdminDialog>
  );
}
