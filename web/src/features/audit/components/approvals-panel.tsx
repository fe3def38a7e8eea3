import { Card, Heading, Text } from '@chakra-ui/react';

/**
 * The place of four-eyes approvals (api-contract.md section 9). They are not built yet: this panel
 * says so rather than showing anything; the staff-controls work fills it from GET /api/admin/approvals.
 */
export function ApprovalsPanel() {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h2" size="lg">
          Approvals
        </Heading>
        <Text color="fg.muted">
          Four-eyes approvals of large admin money moves are not part of the platform yet. When they are, each request,
          its maker, its checker and the decision will be listed here.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
