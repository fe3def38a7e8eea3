import { Button } from '@chakra-ui/react';
import { toastError, toastSuccess } from '../../../components/toaster';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // older browsers and non-secure origins have no async clipboard
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** A button labelled "Copy <what>" that copies `value` and confirms with a toast. */
export function CopyButton({ what, value }: { what: string; value: string }) {
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={`Copy ${what}`}
      onClick={() => {
        writeClipboard(value).then(
          () => toastSuccess('Copied to clipboard'),
          () => toastError('Copy failed', value),
        );
      }}
    >
      Copy
    </Button>
  );
}
