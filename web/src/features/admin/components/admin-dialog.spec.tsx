import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderRoute } from '../../../lib/test-utils';
import { ConfirmDialog } from './admin-dialog';

// counts the loads of Chakra's dialog (the module is read once, when first imported)
const frameLoads = jest.fn();
jest.mock('./dialog-frame', () => {
  frameLoads();
  return jest.requireActual('./dialog-frame');
});

function Confirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete it</button>
      <ConfirmDialog
        open={open}
        title="Delete Request"
        message="Really?"
        onConfirm={() => {}}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('AdminDialog', () => {
  it('loads Chakra dialog when it first opens, and keeps it for closing and opening again', async () => {
    const events = userEvent.setup();
    renderRoute(<Confirm />);
    expect(frameLoads).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete Request' })).toHaveTextContent('Really?');
    expect(frameLoads).toHaveBeenCalledTimes(1);

    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete Request' })).toBeInTheDocument();
  });
});
