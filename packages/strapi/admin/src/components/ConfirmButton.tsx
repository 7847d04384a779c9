// A button whose action cannot be taken back (cancelling queued work): it asks first, in a dialog
// naming what will happen, and acts only on the dialog's confirming button.
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Typography } from '@strapi/design-system';

export interface ConfirmButtonProps {
  /** The button's text, and its accessible name when `label` is not given. */
  children: ReactNode;
  label?: string;
  disabled?: boolean;
  question: string;
  explanation: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
}

export function ConfirmButton({ children, label, disabled, question, explanation, confirm, keep, onConfirm }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="S" variant="danger-light" disabled={disabled ?? false} {...(label ? { 'aria-label': label } : {})}>
          {children}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>{question}</Dialog.Header>
        <Dialog.Body>
          <Typography>{explanation}</Typography>
        </Dialog.Body>
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
