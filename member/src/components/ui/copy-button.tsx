import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { Button, type ButtonProps } from './button';
import { CheckIcon, CopyIcon } from './icons';

/** Copies `text` and raises the success or failure toast the caller gives ('… copied to clipboard!'). */
export function CopyButton({
  text,
  successMessage,
  failureMessage,
  children = 'Copy',
  ...rest
}: {
  text: string;
  successMessage: string;
  failureMessage: string;
} & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The "copied" tick resets after 2 s; an unmounted button must not be set afterwards.
  useEffect(() => () => clearTimeout(timer.current), []);
  async function onClick() {
    try {
      await copyText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      toast.success(successMessage);
    } catch {
      toast.error(failureMessage);
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      onClick={onClick}
      {...rest}
    >
      {children}
    </Button>
  );
}

/** A code shown in a dashed box with its copy button (offer card, rewards, spin result). */
export function CodeBox({ code, label = 'Voucher code' }: { code: string; label?: string }) {
  return (
    <div className="code-box">
      <div className="code-box__text">
        <span className="code-box__label">{label}</span>
        <code className="code-box__code">{code}</code>
      </div>
      <CopyButton
        text={code}
        successMessage="Voucher code copied to clipboard!"
        failureMessage="Failed to copy voucher code"
        aria-label={`Copy Code ${code}`}
      >
        Copy Code
      </CopyButton>
    </div>
  );
}
