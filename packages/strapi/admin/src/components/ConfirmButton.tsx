// A button whose action cannot be taken back (cancelling queued work, replacing hand edits): it asks
// first, in a dialog naming what will happen, and acts only on the dialog's confirming button.
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Typography } from '@strapi/design-system';

export interface ConfirmButtonProps {
  /** The button's text, and its accessible name when `label` is not given. */
  children: ReactNode;
  label?: string;
  disabled?: boolean;
  /** The panel's full-width button; the tables' small one otherwise. */
  fullWidth?: boolean;
  question: string;
  /** A sentence, or what the dialog lists (the fields an action overwrites). */
  explanation: ReactNode;
  confirm: string;
  keep: string;
  onConfirm: () => void;
}

export function ConfirmButton({
  children,
  label,
  disabled,
  fullWidth,
  question,
  explanation,
  confirm,
  keep,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button
          size={fullWidth ? 'M' : 'S'}
          fullWidth={fullWidth ?? false}
          variant="danger-light"
          disabled={disabled ?? false}
          {...(label ? { 'aria-label': label } : {})}
        >
          {children}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>{question}</Dialog.Header>
        <Dialog.Body>{typeof explanation === 'string' ? <Typography>{explanation}</Typography> : explanation}</Dialog.Body>
        <Dialog.Footer>
          <Dialog.Cancel>
            <Button variant="tertiary">{keep}</Button>
          </Dialog.Cancel>
          <Dialog.Action>
            <Button variant="danger" onClick={onConfirm}>
              {confirm}
            </Button>
          </Dialog.Action>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
