import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toastError } from '../../../components/toaster';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatDateGb } from '../utils/format';

/** Drawn inline: headless and minimal systems often lack an emoji font. */
function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** A bell with the unread count; opens the list of deposit and withdrawal request notifications. */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const markRead = useMarkNotificationRead();
  const unread = data?.unread ?? 0;
  const notifications = data?.notifications ?? [];

  return (
    <Box position="relative">
      <Button
        variant="outline"
        aria-label={`Notifications, ${unread} unread`}
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
      >
        <BellIcon />
        {unread > 0 && (
          <Badge colorPalette="red" variant="solid" data-testid="unread-count">
            {unread}
          </Badge>
        )}
      </Button>
      {open && (
        <Card.Root
          position="absolute"
          right="0"
          top="calc(100% + 8px)"
          width={{ base: '80vw', md: 'md' }}
          zIndex="dropdown"
          shadow="lg"
          role="region"
          aria-label="Notifications"
        >
          <Card.Body maxH="sm" overflowY="auto" p="3">
            {notifications.length === 0 ? (
              <Text color="fg.muted">No notifications</Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none">
                {notifications.map((notification) => (
                  <HStack
                    as="li"
                    key={notification.id}
                    justify="space-between"
                    align="start"
                    gap="2"
                    p="2"
                    rounded="md"
                    bg={notification.isRead ? undefined : 'bg.muted'}
                  >
                    <Box>
                      <Text textStyle="sm" fontWeight={notification.isRead ? 'normal' : 'semibold'}>
                        {notification.message}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {formatDateGb(notification.createdAt)}
                      </Text>
                    </Box>
                    {!notification.isRead && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() =>
                          markRead.mutate(notification.id, {
                            onError: (error) => toastError('Error marking notification', error.message),
                          })
                        }
                      >
                        Mark read
                      </Button>
                    )}
                  </HStack>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Box>
  );
}
