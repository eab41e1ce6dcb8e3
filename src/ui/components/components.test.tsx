// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { CopyButton } from './copy-button.tsx';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { Dialog } from './dialog.tsx';

afterEach(cleanup);

function DialogHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open settings</Button>
      <Dialog
        open={open}
        title="Settings"
        closeLabel="Close"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <label>
          Base URL <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, focuses its content and gives focus back on close', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<DialogHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('CopyButton', () => {
  it('copies through the Clipboard API and announces it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const onCopied = vi.fn();
    render(<CopyButton text={() => 'computed'} label="Copy message" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('computed');
    expect(onCopied).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(screen.getByRole('button', { name: 'Copy message' })).toHaveAttribute('data-copy-state', 'copied');
  });
});

describe('copyToClipboard', () => {
  it('falls back to a hidden textarea when the Clipboard API refuses', async () => {
    const doc = document.implementation.createHTMLDocument('copy');
    const execCommand = vi.fn((command: string) => {
      expect(command).toBe('copy');
      expect((doc.activeElement as HTMLTextAreaElement | null)?.value ?? doc.querySelector('textarea')?.value).toBe(
        'fallback text',
      );
      return true;
    });
    Object.defineProperty(doc, 'execCommand', { value: execCommand });
    expect(await copyToClipboard('fallback text', doc)).toBe(true);
    expect(execCommand).toHaveBeenCalledTimes(1);
    expect(doc.querySelector('textarea')).toBeNull();
  });

  it('reports failure when nothing can copy', async () => {
    const doc = document.implementation.createHTMLDocument('copy');
    Object.defineProperty(doc, 'execCommand', { value: () => false });
    expect(await copyToClipboard('x', doc)).toBe(false);
  });
});
