import { Button, Field, Input, NativeSelect, RadioGroup, Stack } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  checkAccountHolder,
  holderDisplayName,
  type BusinessHolderType,
  type RegisterRequest,
} from '@savings/contracts';
import { toastError, toastSuccess } from '../../../components/toaster';
import { ApiError } from '../../../lib/api-client';
import { languageOfParam } from '../../../i18n/languages';
import { useRegister } from '../api/register';
import { validateRegister } from '../utils/validate';
import { browserSiteLanguage, CountryField } from './country-field';

type Kind = 'personal' | 'business';
type BusinessErrors = Partial<Record<'legalName' | 'registrationNumber' | 'country', string>>;

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const [kind, setKind] = useState<Kind>('personal');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [businessType, setBusinessType] = useState<BusinessHolderType>('company');
  const [legalName, setLegalName] = useState('');
  const [registrationNumber, setRegistrationNumber] = useState('');
  const [country, setCountry] = useState('');
  const [errors, setErrors] = useState<BusinessErrors>({});
  // the country names in the page's language: ?lang=, else the browser's first site language
  const language = useMemo(() => {
    const lang = params.get('lang');
    return lang ? languageOfParam(lang) : browserSiteLanguage();
  }, [params]);
  const business = kind === 'business';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateRegister({ name, email, password });
    const holder = business
      ? checkAccountHolder({ holderType: businessType, legalName, registrationNumber, country })
      : null;
    setErrors(holder?.errors ?? {});
    if (problem) {
      toastError(problem);
      return;
    }
    if (holder?.errors) {
      toastError('Registration failed', Object.values(holder.errors)[0]);
      return;
    }
    const body: RegisterRequest = { name: name.trim(), email: email.trim(), password };
    if (holder?.holder) Object.assign(body, holder.holder);
    register.mutate(body, {
      onSuccess: (user) => {
        toastSuccess('Account created!', `Welcome, ${holderDisplayName(user)}! Your savings account is ready.`);
        void navigate('/dashboard');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toastError('Registration failed', error.message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="4">
        <RadioGroup.Root
          value={kind}
          onValueChange={(details) => setKind(details.value === 'business' ? 'business' : 'personal')}
          aria-label="Account for"
          orientation="horizontal"
        >
          <Stack direction="row" gap="6">
            {(
              [
                ['personal', 'Personal'],
                ['business', 'Business'],
              ] as const
            ).map(([value, label]) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {business && (
          <>
            <Field.Root>
              <Field.Label>Type of business</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="holderType"
                  value={businessType}
                  onChange={(event) => setBusinessType(event.target.value === 'foundation' ? 'foundation' : 'company')}
                >
                  <option value="company">Company</option>
                  <option value="foundation">Foundation</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.legalName)}>
              <Field.Label>Legal name</Field.Label>
              <Input
                name="legalName"
                autoComplete="organization"
                value={legalName}
                onChange={(event) => setLegalName(event.target.value)}
              />
              {errors.legalName && <Field.ErrorText>{errors.legalName}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.registrationNumber)}>
              <Field.Label>Registration number</Field.Label>
              <Input
                name="registrationNumber"
                value={registrationNumber}
                onChange={(event) => setRegistrationNumber(event.target.value)}
              />
              {errors.registrationNumber && <Field.ErrorText>{errors.registrationNumber}</Field.ErrorText>}
            </Field.Root>
            <CountryField value={country} onChange={setCountry} language={language} error={errors.country} />
          </>
        )}
        <Field.Root>
          <Field.Label>{business ? 'Your full name (representative)' : 'Full name'}</Field.Label>
          <Input name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          loading={register.isPending}
          loadingText="Creating Account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
