import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Typing pauses this long before a search is sent: one request per word, not per key. */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box whose value reaches `onSearch` once typing pauses, so the server searches once per
 * word; the box keeps what was typed meanwhile.
 */
export function SearchField({
  label,
  placeholder = 'Name, email or reference code',
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  /** the search in effect */
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  // the latest handler, so a parent's re-render never restarts the pause
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Field.Root maxW={{ base: 'full', sm: 'xs' }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="search"
        size="sm"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Field.Root>
  );
}

/** A native select of the list's statuses (or kinds): the filter the server applies. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <Field.Root maxW={{ base: 'full', sm: '44' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value as Value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The filters above a list, side by side where there is room. */
export function ListFilters({ children }: { children: ReactNode }) {
  return (
    <HStack gap="3" align="end" wrap="wrap" mb="4">
      {children}
    </HStack>
  );
}
