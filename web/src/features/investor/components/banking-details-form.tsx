import { Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import { isValidBic, isValidIban, Messages, type BankingDetailsRequest, type PublicUser } from '@savings/contracts';
import { useState, type FormEvent } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useLeaveIfSignedOut } from '../../../lib/query-retry';
import { ApiError } from '../../../lib/api-client';
import { useUpdateBankingDetails } from '../api/update-banking-details';

type Errors = Partial<Record<keyof BankingDetailsRequest, string>>;

/** Same rules as the server: required fields, IBAN length and mod-97, BIC of 8 or 11 characters. */
export function validateBankingDetails(values: BankingDetailsRequest): Errors {
  const errors: Errors = {};
  if (!values.beneficiaryName.trim()) errors.beneficiaryName = Messages.beneficiaryRequired;
  if (!values.iban.trim()) errors.iban = Messages.ibanRequired;
  else if (!isValidIban(values.iban)) errors.iban = Messages.ibanInvalid;
  if (!values.swift.trim()) errors.swift = Messages.swiftRequired;
  else if (!isValidBic(values.swift)) errors.swift = Messages.swiftInvalid;
  return errors;
}

export function BankingDetailsForm({ user }: { user: PublicUser }) {
  const [values, setValues] = useState<BankingDetailsRequest>({
    beneficiaryName: user.beneficiaryName ?? '',
    iban: user.iban ?? '',
    swift: user.swift ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useUpdateBankingDetails();
  const leaveIfSignedOut = useLeaveIfSignedOut();

  const field = (name: keyof BankingDetailsRequest, label: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>{label}</Field.Label>
      <Input
        value={values[name]}
        autoComplete="off"
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBankingDetails(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { beneficiaryName: values.beneficiaryName.trim(), iban: values.iban.trim(), swift: values.swift.trim() },
      {
        onSuccess: () =>
          toastSuccess('Banking details updated', 'Your payment information has been saved successfully.'),
        onError: (failure) => {
          if (leaveIfSignedOut(failure)) return;
          if (failure instanceof ApiError && failure.fieldErrors) {
            setErrors(failure.fieldErrors as Errors);
          }
          toastError('Update failed', failure.message);
        },
      },
    );
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Banking Details</Card.Title>
        <Card.Description>Where we send your withdrawals.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Banking details">
          <Stack gap="3">
            {field('beneficiaryName', 'Beneficiary name')}
            {field('iban', 'IBAN')}
            {field('swift', 'SWIFT/BIC')}
            <Button type="submit" alignSelf="start" loading={mutation.isPending}>
              Save Banking Details
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
