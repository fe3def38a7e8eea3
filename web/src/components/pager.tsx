import { Button, HStack, Text } from '@chakra-ui/react';

/** Paging arithmetic of a list `pageSize` at a time: 1-based page numbers and the rows shown. */
export function pageOf(offset: number, shown: number, total: number, pageSize: number) {
  const page = Math.floor(offset / pageSize) + 1;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page, pageCount, from: total === 0 ? 0 : offset + 1, to: offset + shown };
}

/**
 * "Showing 1 to 50 of 120 users", Previous, "Page 1 of 3", Next: the paging of every long list
 * (product.md section 2's interest history has the same words).
 */
export function Pager({
  offset,
  shown,
  total,
  pageSize,
  noun,
  label,
  onOffsetChange,
}: {
  offset: number;
  /** rows on this page */
  shown: number;
  total: number;
  pageSize: number;
  /** what the rows are, plural: "users" */
  noun: string;
  /** names the paging for screen readers when a screen has several lists */
  label?: string;
  onOffsetChange: (offset: number) => void;
}) {
  const { page, pageCount, from, to } = pageOf(offset, shown, total, pageSize);
  return (
    <HStack as="nav" aria-label={label} justify="space-between" wrap="wrap" gap="3" mt="4">
      <Text textStyle="sm" color="fg.muted">
        Showing {from} to {to} of {total} {noun}
      </Text>
      <HStack gap="3">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onOffsetChange(offset - pageSize)}>
          Previous
        </Button>
        <Text textStyle="sm">
          Page {page} of {pageCount}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pageCount}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
