import { Button } from '@chakra-ui/react';

/**
 * "Download my data": everything the platform holds about the customer as one JSON file (GET
 * /api/user/export, GDPR articles 15 and 20). A plain link: the browser downloads the attachment with
 * the session cookie, and nothing of it passes through the page's memory.
 */
export function DownloadDataButton() {
  return (
    <Button asChild variant="outline" size="sm" alignSelf="flex-start">
      <a href="/api/user/export" download>
        Download my data
      </a>
    </Button>
  );
}
